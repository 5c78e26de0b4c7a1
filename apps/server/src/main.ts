import { buildApp } from './app.ts';
import { loadCashierConfig } from './economy/cashier/cashier.config.ts';
import { ConfigError, loadConfig } from './platform/config.ts';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
  loadCashierConfig(); // checked again by the cashier module: here it stops boot before the database opens
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const site = await buildApp(config);
const port = await site.listen();
site.ctx.log.info(
  `Coinsite is running on http://localhost:${port} (database: ${site.ctx.database.kind}, mail: ${site.ctx.mailer.mode})`,
);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) process.exit(1);
    closing = true;
    site.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
