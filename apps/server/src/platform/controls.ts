import { CONTROL_NAMES, type ControlName, type ControlsView } from '@coinsite/shared';
import type { Kysely } from 'kysely';
import type { DB } from './db-types.ts';
import { Errors } from './errors.ts';

const CACHE_MS = 1000;

/**
 * Site controls (maintenance, login, deposits, …). Stored in site_controls; read through a short
 * cache so every request can check them; a toggle on this node is visible here at once and on
 * other nodes within a second.
 */
export class Controls {
  private cache: { at: number; values: Record<ControlName, boolean> } | null = null;

  constructor(private readonly db: Kysely<DB>) {}

  async all(): Promise<Record<ControlName, boolean>> {
    if (this.cache && Date.now() - this.cache.at < CACHE_MS) return this.cache.values;
    const rows = await this.db.selectFrom('site_controls').select(['name', 'enabled']).execute();
    const values = Object.fromEntries(CONTROL_NAMES.map((n) => [n, n !== 'maintenance'])) as Record<
      ControlName,
      boolean
    >;
    for (const row of rows)
      if ((CONTROL_NAMES as readonly string[]).includes(row.name))
        values[row.name as ControlName] = row.enabled;
    this.cache = { at: Date.now(), values };
    return values;
  }

  async isEnabled(name: ControlName): Promise<boolean> {
    return (await this.all())[name];
  }

  /** Throws "{What} is currently disabled." when a feature control is off. */
  async require(name: Exclude<ControlName, 'maintenance'>, what: string): Promise<void> {
    if (!(await this.isEnabled(name))) throw Errors.disabled(what);
  }

  async toggle(name: ControlName): Promise<boolean> {
    const row = await this.db
      .updateTable('site_controls')
      .set((eb) => ({ enabled: eb.not('enabled') }))
      .where('name', '=', name)
      .returning('enabled')
      .executeTakeFirstOrThrow();
    this.cache = null;
    return row.enabled;
  }

  async view(): Promise<ControlsView> {
    const v = await this.all();
    return {
      maintenanceEnabled: v.maintenance,
      loginEnabled: v.login,
      depositsEnabled: v.deposits,
      withdrawsEnabled: v.withdraws,
      coinflipEnabled: v.coinflip,
      battlesEnabled: v.battles,
      rouletteEnabled: v.roulette,
      crashEnabled: v.crash,
      slotsEnabled: v.slots,
    };
  }
}
