import { closePagesAfterEachTest } from './site.ts';

/** Before every browser file (after the server kit's file-setup.ts): its tests' pages close as each ends. */
closePagesAfterEachTest();
