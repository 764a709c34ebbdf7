// @vitest-environment jsdom
// The renderer's one busy/error helper, as the screens use it: busy while the work runs, the
// failure kept in the site's words, and a notice that does not jump while a field's save runs.
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAction, type Action, type ActionOptions } from '../../renderer/components/useAction.ts';

// React's act() warns unless told it runs in a test; the flag is this file's, so it goes after it.
const actFlag = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
beforeAll(() => {
  actFlag.IS_REACT_ACT_ENVIRONMENT = true;
});
afterAll(() => {
  delete actFlag.IS_REACT_ACT_ENVIRONMENT;
});

/** A promise the test settles by hand, so "while it runs" is a moment the test holds. */
function pending() {
  let settle!: { resolve(): void; reject(error: unknown): void };
  const promise = new Promise<void>((resolve, reject) => { settle = { resolve, reject }; });
  return { promise, ...settle };
}

let root: Root;
let action: Action<'check' | 'connect'>;

function mount(options?: ActionOptions) {
  function Probe() {
    action = useAction<'check' | 'connect'>(options);
    return null;
  }
  act(() => root.render(createElement(Probe)));
}

beforeEach(() => {
  root = createRoot(document.createElement('div'));
});
afterEach(() => act(() => root.unmount()));

describe('useAction', () => {
  it('is busy, as the step it was given, only while the work runs, and says whether it succeeded', async () => {
    mount();
    const work = pending();
    let outcome!: Promise<boolean>;
    act(() => { outcome = action.run(() => work.promise, 'connect'); });
    expect([action.busy, action.running]).toEqual([true, 'connect']);
    await act(async () => work.resolve());
    expect(await outcome).toBe(true);
    expect([action.busy, action.running, action.error]).toEqual([false, null, null]);
  });

  it('keeps a failure for the notice, never rejects, and lets the writer dismiss it', async () => {
    mount();
    const refused = new Error('The site refused the password.');
    let outcome!: boolean;
    await act(async () => { outcome = await action.run(() => Promise.reject(refused)); });
    expect(outcome).toBe(false);
    expect([action.busy, action.error]).toEqual([false, refused]);
    act(() => action.reset());
    expect(action.error).toBeNull();
  });

  it('clears the last failure when the next attempt starts, by default', async () => {
    mount();
    await act(async () => { await action.run(() => Promise.reject(new Error('first'))); });
    const work = pending();
    act(() => { void action.run(() => work.promise); });
    expect(action.error).toBeNull();
    await act(async () => work.resolve());
  });

  it('with keepErrorWhileRunning, keeps the notice in place until the next attempt has succeeded', async () => {
    mount({ keepErrorWhileRunning: true });
    const first = new Error('This item was changed somewhere else.');
    await act(async () => { await action.run(() => Promise.reject(first)); });
    const work = pending();
    act(() => { void action.run(() => work.promise); });
    expect([action.busy, action.error]).toEqual([true, first]);
    await act(async () => work.resolve());
    expect(action.error).toBeNull();
  });

  it('shows a failure from elsewhere (a poll) the same way', () => {
    mount();
    const failure = new Error('The site said no.');
    act(() => action.fail(failure));
    expect(action.error).toBe(failure);
  });
});
