import type { PricingRequest, PricingResponse } from '@wifi7/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchPrices } from './api/fetch-prices';
import { usePrices, type PricesListener } from './hooks/use-prices';
import { queryWrapper } from '../../testing/render-with-query';

vi.mock('./api/fetch-prices', () => ({ fetchPrices: vi.fn() }));

const fetchMock = vi.mocked(fetchPrices);

/** Each call of the fetcher waits until the test answers it. */
interface Call {
  request: PricingRequest;
  resolve: (response: PricingResponse) => void;
  reject: (error: unknown) => void;
}
let calls: Call[];

beforeEach(() => {
  calls = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(
    (request) =>
      new Promise<PricingResponse>((resolve, reject) => {
        calls.push({ request, resolve, reject });
      }),
  );
});

const usRequest: PricingRequest = {
  productSkus: ['WIFI7-LIVE'],
  countryCode: 'US',
  discountCode: null,
};
const inRequest: PricingRequest = { ...usRequest, countryCode: 'IN' };

const answer = (price: number, currency: 'USD' | 'INR' = 'USD'): PricingResponse => ({
  success: true,
  message: '',
  prices: [{ productSku: 'WIFI7-LIVE', price, currency, discount: 0 }],
});

function renderPrices(request: PricingRequest | null, listener?: PricesListener) {
  return renderHook(({ asked }: { asked: PricingRequest | null }) => usePrices(asked, listener), {
    initialProps: { asked: request },
    wrapper: queryWrapper().wrapper,
  });
}

/** Waits until the fetcher has been asked `count` times in all. */
async function asked(count: number) {
  await waitFor(() => expect(calls).toHaveLength(count));
  return calls[count - 1]!;
}

describe('usePrices', () => {
  it('asks for nothing while the request is not known, and counts as loading', () => {
    const { result } = renderPrices(null);
    expect(result.current.status).toBe('loading');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is loading until the answer comes, then ready with it', async () => {
    const onResponse = vi.fn();
    const { result } = renderPrices(usRequest, { onResponse });
    const call = await asked(1);
    expect(call.request).toEqual(usRequest);
    expect(result.current.status).toBe('loading');

    act(() => call.resolve(answer(499)));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current).toMatchObject({ response: answer(499) });
    expect(onResponse).toHaveBeenCalledExactlyOnceWith(answer(499), usRequest, true);
  });

  it('asks again only when the request’s content changes', async () => {
    const { result, rerender } = renderPrices(usRequest);
    act(() => calls[0]!.resolve(answer(499)));
    await waitFor(() => expect(result.current.status).toBe('ready'));

    rerender({ asked: { ...usRequest, productSkus: ['WIFI7-LIVE'] } });
    expect(result.current.status).toBe('ready');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    rerender({ asked: inRequest });
    expect(result.current.status).toBe('loading');
    expect((await asked(2)).request).toEqual(inRequest);
  });

  it('fails, tells the listener why, and asks the same request again on retry', async () => {
    const onFailure = vi.fn();
    const failure = new Error('offline');
    const { result } = renderPrices(usRequest, { onFailure });
    act(() => calls[0]!.reject(failure));
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(onFailure).toHaveBeenCalledExactlyOnceWith(failure, usRequest);

    act(() => result.current.retry());
    expect(result.current.status).toBe('loading');
    const again = await asked(2);
    expect(again.request).toEqual(usRequest);
    act(() => again.resolve(answer(499)));
    await waitFor(() => expect(result.current.status).toBe('ready'));
  });

  it('ignores a stale answer that arrives after the newer request’s', async () => {
    const onResponse = vi.fn();
    const { result, rerender } = renderPrices(usRequest, { onResponse });
    const stale = await asked(1);
    rerender({ asked: inRequest });
    const latest = await asked(2);

    act(() => latest.resolve(answer(41_000, 'INR')));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => stale.resolve(answer(499)));
    // The listener hears the stale answer as not current, so it has arrived.
    await waitFor(() => expect(onResponse).toHaveBeenCalledWith(answer(499), usRequest, false));
    expect(result.current).toMatchObject({ status: 'ready', response: answer(41_000, 'INR') });
    expect(onResponse).toHaveBeenCalledWith(answer(41_000, 'INR'), inRequest, true);
  });

  it('ignores a stale answer that arrives before the newer request’s', async () => {
    const onResponse = vi.fn();
    const onFailure = vi.fn();
    const { result, rerender } = renderPrices(usRequest, { onResponse, onFailure });
    const stale = await asked(1);
    rerender({ asked: inRequest });
    const latest = await asked(2);

    act(() => stale.reject(new Error('late')));
    await waitFor(() => expect(onFailure).toHaveBeenCalledWith(new Error('late'), usRequest));
    expect(result.current.status).toBe('loading');

    act(() => latest.resolve(answer(41_000, 'INR')));
    await waitFor(() => expect(result.current.status).toBe('ready'));
  });

  it('does not show an answer that arrives after the page has gone', async () => {
    const onResponse = vi.fn();
    const { unmount } = renderPrices(usRequest, { onResponse });
    const call = await asked(1);
    unmount();
    act(() => call.resolve(answer(499)));
    await waitFor(() => expect(onResponse).toHaveBeenCalledWith(answer(499), usRequest, false));
  });

  it('shows a response priced elsewhere as the current answer', async () => {
    const { result } = renderPrices(usRequest);
    act(() => calls[0]!.resolve(answer(499)));
    await waitFor(() => expect(result.current.status).toBe('ready'));

    act(() => result.current.replace(answer(424.15)));
    expect(result.current).toMatchObject({ status: 'ready', response: answer(424.15) });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('ignores a response priced elsewhere once the request has changed', async () => {
    const { result, rerender } = renderPrices(usRequest);
    act(() => calls[0]!.resolve(answer(499)));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    const { replace } = result.current;

    rerender({ asked: inRequest });
    const latest = await asked(2);
    act(() => latest.resolve(answer(41_000, 'INR')));
    await waitFor(() => expect(result.current.status).toBe('ready'));

    act(() => replace(answer(424.15)));
    expect(result.current).toMatchObject({ status: 'ready', response: answer(41_000, 'INR') });
  });
});
