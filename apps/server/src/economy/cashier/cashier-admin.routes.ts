import {
  CRYPTO_CURRENCIES,
  confirmTxBody,
  giftcardImportBody,
  sandboxMineBody,
  sandboxSendBody,
  txIdParams,
  txListQuery,
} from '@coinsite/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit } from '../../admin/admin.routes.ts';
import { SandboxChainError, sandboxMine, sandboxSend } from '../../integrations/crypto/sandbox-chain.ts';
import { Errors } from '../../platform/errors.ts';
import { parse, requireAdmin } from '../../platform/http.ts';
import type { Cashier } from './cashier.context.ts';
import { cashierError } from './deposits.service.ts';
import { importGiftCards } from './giftcards.service.ts';
import { assetUrls } from '../../platform/assets.ts';
import { adminTxView } from './transactions.repo.ts';
import { cancelTransaction, confirmWithdrawal } from './withdrawals.service.ts';

/** /api/external/v1 cashier routes: rank 5 only, every change in the audit log. */
export const sandboxChainQuery = z.object({ currency: z.enum(CRYPTO_CURRENCIES).default('btc') });

export function cashierAdminRoutes(app: FastifyInstance, cashier: Cashier): void {
  const { ctx } = cashier;

  app.get('/api/external/v1/transactions/list', async (req) => {
    await requireAdmin(ctx, req);
    const q = parse(txListQuery, req.query);
    let query = ctx.db
      .selectFrom('cashier_transactions')
      .innerJoin('users', 'users.id', 'cashier_transactions.user_id')
      .selectAll('cashier_transactions')
      .select(['users.username', 'users.avatar'])
      .orderBy('cashier_transactions.id', 'desc')
      .limit(q.limit);
    if (q.type) query = query.where('cashier_transactions.type', '=', q.type);
    if (q.state !== undefined) query = query.where('cashier_transactions.state', '=', q.state);
    const assets = assetUrls(ctx.config);
    return (await query.execute()).map((row) => adminTxView(row, assets));
  });

  app.post('/api/external/v1/transactions/confirm/:id', async (req) => {
    const admin = await requireAdmin(ctx, req);
    const { id } = parse(txIdParams, req.params);
    const { txid } = parse(confirmTxBody, req.body ?? {});
    const row = await confirmWithdrawal(cashier, Number(id), txid);
    await audit(ctx, admin.id, 'confirm-transaction', id, { txid: txid ?? null, siteValue: row.site_value });
    return { success: true, _id: id, state: row.state };
  });

  app.post('/api/external/v1/transactions/cancel/:id', async (req) => {
    const admin = await requireAdmin(ctx, req);
    const { id } = parse(txIdParams, req.params);
    const row = await cancelTransaction(cashier, Number(id));
    await audit(ctx, admin.id, 'cancel-transaction', id, { type: row.type, siteValue: row.site_value });
    return { success: true, _id: id, state: row.state };
  });

  app.put('/api/external/v1/giftcards/import', async (req) => {
    const admin = await requireAdmin(ctx, req);
    const { value, codes } = parse(giftcardImportBody, req.body);
    const result = await importGiftCards(cashier, admin.id, value, codes);
    await audit(ctx, admin.id, 'import-giftcards', String(value), result);
    return result;
  });

  // ---- the sandbox chain (only for currencies whose watcher is the sandbox) ----

  const requireSandbox = (currency: (typeof CRYPTO_CURRENCIES)[number]) => {
    if (!cashier.crypto.watchers[currency].sandbox)
      throw cashierError(`${currency.toUpperCase()} is watched on its real chain, not the sandbox.`);
  };

  app.get('/api/external/v1/sandbox/chain', async (req) => {
    await requireAdmin(ctx, req);
    const { currency } = parse(sandboxChainQuery, req.query);
    const [tip, txs] = await Promise.all([
      ctx.db.selectFrom('sandbox_chain').select('height').where('currency', '=', currency).executeTakeFirst(),
      ctx.db
        .selectFrom('sandbox_chain_txs')
        .selectAll()
        .where('currency', '=', currency)
        .orderBy('id', 'desc')
        .limit(50)
        .execute(),
    ]);
    return { currency, height: tip?.height ?? 0, transactions: txs };
  });

  app.post('/api/external/v1/sandbox/chain/send', async (req) => {
    const admin = await requireAdmin(ctx, req);
    const body = parse(sandboxSendBody, req.body);
    requireSandbox(body.currency);
    try {
      const sent = await sandboxSend(ctx.db, body.currency, body.address, body.amount);
      await audit(ctx, admin.id, 'sandbox-chain-send', body.currency, { ...body, txid: sent.txid });
      await cashier.scanChains([body.currency]);
      return { txid: sent.txid, amount: body.amount, confirmations: 0 };
    } catch (err) {
      if (err instanceof SandboxChainError) throw Errors.badRequest(err.message);
      throw err;
    }
  });

  app.post('/api/external/v1/sandbox/chain/mine', async (req) => {
    const admin = await requireAdmin(ctx, req);
    const { currency, blocks } = parse(sandboxMineBody, req.body);
    requireSandbox(currency);
    const height = await sandboxMine(ctx.db, currency, blocks);
    await audit(ctx, admin.id, 'sandbox-chain-mine', currency, { blocks, height });
    const credited = await cashier.scanChains([currency]);
    return { height, credited };
  });
}
