/**
 * The back office's orders section: the list and its CSV export, one order
 * with its timeline, the seller's actions on it, and "Needs attention".
 * Every route is for sellers only; each action names the seller from the
 * verified token and runs its command (orders/commands/), which checks it,
 * talks to the rail and writes the audit log.
 */
import {
  groupOrderRoutes,
  sellerSeatActionRequestSchema,
  sellerSeatParamsSchema,
  sellerBatchChoicesSchema,
  orderAttachRequestSchema,
  orderCancelRequestSchema,
  orderDismissAttentionRequestSchema,
  orderMarkPaidRequestSchema,
  orderMoveBatchRequestSchema,
  orderRefundRequestSchema,
  orderReissueRequestSchema,
  orderResendRequestSchema,
  orderResendMailRequestSchema,
  orderRetryHandoffRequestSchema,
  releaseHoldsRequestSchema,
  releaseHoldsResponseSchema,
  sellerActionResponseSchema,
  sellerAttentionListSchema,
  sellerOrderDetailSchema,
  sellerOrderParamsSchema,
  sellerOrderRoutes,
  sellerOrdersCsvQuerySchema,
  sellerOrdersPageSchema,
  sellerOrdersQuerySchema,
} from '@wifi7/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import { HttpError } from '../../../lib/http-error';
import { requireIdentity } from '../../plugins/authentication';
import { sellerRoutesOn } from '../seller-routes';
import { attachPayment } from '../../../orders/commands/attach-payment';
import { cancel } from '../../../orders/commands/cancel';
import {
  sellerActor,
  type ActionRequest,
  type OrderAction,
} from '../../../orders/commands/command';
import { dismissAttention } from '../../../orders/commands/dismiss-attention';
import { giveBackSeat } from '../../../orders/commands/give-back-seat';
import { markPaid } from '../../../orders/commands/mark-paid';
import { moveBatch } from '../../../orders/commands/move-batch';
import { refund } from '../../../orders/commands/refund';
import { reissue } from '../../../orders/commands/reissue';
import { releaseHolds } from '../../../orders/commands/release-holds';
import { resendInvoice } from '../../../orders/commands/resend-invoice';
import { resendMail } from '../../../orders/commands/resend-mail';
import { retryHandoff } from '../../../orders/commands/retry-handoff';
import { listAttentionItems } from '../../../orders/needs-attention';
import { attentionView } from './attention-view';
import { ordersCsv, seatsCsv } from './csv';
import { orderDetail } from './detail';
import { listBatchChoices, listOrders } from './queries';

export const sellerOrdersSection: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const { command } = app.services.orders;
  const routes = sellerRoutesOn(app);
  const detailOf = async (orderId: string) => {
    const detail = await orderDetail(db, orderId);
    if (!detail) throw new HttpError(404, 'No such order.');
    return detail;
  };

  app.route({
    method: 'GET',
    url: sellerOrderRoutes.orders,
    schema: { querystring: sellerOrdersQuerySchema, response: { 200: sellerOrdersPageSchema } },
    config: { access: 'seller' },
    handler: async (request) => listOrders(db, request.query),
  });

  app.route({
    method: 'GET',
    url: sellerOrderRoutes.ordersCsv,
    schema: { querystring: sellerOrdersCsvQuerySchema },
    config: { access: 'seller' },
    handler: async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      const { rows, ...filter } = request.query;
      const perSeat = rows === 'seats';
      const stream = perSeat ? seatsCsv(db, filter) : ordersCsv(db, filter);
      stream.on('error', (error) => {
        // The status is sent already; the download breaks off rather than looking complete.
        request.log.error({ err: error }, 'the orders CSV broke off');
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${perSeat ? 'order-seats' : 'orders'}-${day}.csv"`,
        )
        .send(stream);
    },
  });

  routes.read(sellerOrderRoutes.batchChoices, sellerBatchChoicesSchema, () => listBatchChoices(db));

  app.route({
    method: 'GET',
    url: sellerOrderRoutes.order,
    schema: { params: sellerOrderParamsSchema, response: { 200: sellerOrderDetailSchema } },
    config: { access: 'seller' },
    handler: async (request) => detailOf(request.params.orderId),
  });

  routes.read(sellerOrderRoutes.attention, sellerAttentionListSchema, async () => ({
    items: (await listAttentionItems(db)).map(attentionView),
  }));

  app.route({
    method: 'POST',
    url: sellerOrderRoutes.releaseHolds,
    schema: { body: releaseHoldsRequestSchema, response: { 200: releaseHoldsResponseSchema } },
    config: { access: 'seller' },
    handler: async (request) =>
      releaseHolds(command, sellerActor(requireIdentity(request).email), request.body),
  });

  /** One POST action: the body checked by its schema, the seller from the token. */
  function action<Body extends z.core.$ZodType<ActionRequest>>(
    url: string,
    body: Body,
    run: OrderAction<z.infer<Body>>,
  ) {
    app.route({
      method: 'POST',
      url,
      schema: {
        params: sellerOrderParamsSchema,
        body,
        response: { 200: sellerActionResponseSchema },
      },
      config: { access: 'seller' },
      handler: async (request) => {
        const { orderId } = request.params as z.infer<typeof sellerOrderParamsSchema>;
        const actor = sellerActor(requireIdentity(request).email);
        const result = await run(command, orderId, actor, request.body as z.infer<Body>);
        return { message: result.message, detail: await detailOf(result.orderId ?? orderId) };
      },
    });
  }

  action(sellerOrderRoutes.resend, orderResendRequestSchema, resendInvoice);
  action(sellerOrderRoutes.markPaid, orderMarkPaidRequestSchema, markPaid);
  action(sellerOrderRoutes.cancel, orderCancelRequestSchema, cancel);
  action(sellerOrderRoutes.refund, orderRefundRequestSchema, refund);
  action(sellerOrderRoutes.moveBatch, orderMoveBatchRequestSchema, moveBatch);
  action(sellerOrderRoutes.retryHandoff, orderRetryHandoffRequestSchema, retryHandoff);
  action(sellerOrderRoutes.dismissAttention, orderDismissAttentionRequestSchema, dismissAttention);
  action(sellerOrderRoutes.attach, orderAttachRequestSchema, attachPayment);
  action(sellerOrderRoutes.reissue, orderReissueRequestSchema, reissue);
  action(sellerOrderRoutes.resendMail, orderResendMailRequestSchema, resendMail);

  // One seat of a company order given back alone (refund or cancel).
  app.route({
    method: 'POST',
    url: groupOrderRoutes.sellerSeat,
    schema: {
      params: sellerSeatParamsSchema,
      body: sellerSeatActionRequestSchema,
      response: { 200: sellerActionResponseSchema },
    },
    config: { access: 'seller' },
    handler: async (request) => {
      const { orderId, seatId, action: name } = request.params;
      const actor = sellerActor(requireIdentity(request).email);
      const result = await giveBackSeat(command, orderId, seatId, name, actor, request.body);
      return { message: result.message, detail: await detailOf(orderId) };
    },
  });
};
