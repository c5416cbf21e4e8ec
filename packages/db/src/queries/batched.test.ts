import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { perTurn } from "./batched.ts";

describe("perTurn", () => {
  it("sends the calls of one turn together, each answered with its own value", async () => {
    const sent: number[][] = [];
    const double = perTurn(async (keys: readonly number[]) => {
      sent.push([...keys]);
      return keys.map((k) => k * 2);
    });
    expect(await Promise.all([double(1), double(2), double(3)])).toEqual([2, 4, 6]);
    expect(sent).toEqual([[1, 2, 3]]);
  });

  it("never adds a call to a statement already sent: it goes in the next one", async () => {
    const sent: number[][] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const echo = perTurn(async (keys: readonly number[]) => {
      sent.push([...keys]);
      await held;
      return keys;
    });
    const first = echo(1);
    await nextTurn(); // the first statement is on its way
    const second = echo(2);
    release();
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(sent).toEqual([[1], [2]]);
  });

  it("fails every call of a statement that fails, and only those", async () => {
    const flaky = perTurn(async (keys: readonly number[]) => {
      if (keys.includes(0)) throw new Error("the database is away");
      return keys;
    });
    const failed = Promise.allSettled([flaky(0), flaky(1)]);
    expect((await failed).map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(await flaky(2)).toBe(2);
  });

  it("sends at most `max` keys in one statement", async () => {
    const sizes: number[] = [];
    const echo = perTurn(async (keys: readonly number[]) => {
      sizes.push(keys.length);
      return keys;
    }, 2);
    expect(await Promise.all([1, 2, 3, 4, 5].map(echo))).toEqual([1, 2, 3, 4, 5]);
    expect(sizes).toEqual([2, 2, 1]);
  });
});
