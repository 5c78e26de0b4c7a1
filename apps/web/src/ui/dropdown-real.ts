/** Radix's dropdown menu, in a chunk of its own (see lazy-dropdown.tsx). */
export { DropdownMenu } from 'radix-ui';
