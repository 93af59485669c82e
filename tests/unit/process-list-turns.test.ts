import { inListTurn } from '@/lib/process/list-turns';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('get_process_list calls take turns (lib/process/list-turns.ts)', () => {
  it('runs one at a time, in the order they came, each answering its own caller', async () => {
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const work = (name: string) => async () => {
      running += 1;
      most = Math.max(most, running);
      log.push(`${name} start`);
      await sleep(5);
      log.push(`${name} end`);
      running -= 1;
      return name;
    };
    const answers = await Promise.all(['a', 'b', 'c'].map((name) => inListTurn(work(name))));
    expect(answers).toEqual(['a', 'b', 'c']);
    expect(most).toBe(1);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
  });

  it('lets what arrived meanwhile run between two turns', async () => {
    const log: string[] = [];
    const first = inListTurn(async () => {
      // Something else arrives while this list runs (an I/O callback, as a request is).
      setImmediate(() => log.push('other'));
      log.push('first');
    });
    const second = inListTurn(async () => {
      log.push('second');
    });
    await Promise.all([first, second]);
    expect(log).toEqual(['first', 'other', 'second']);
  });

  it('passes a failure to its caller and goes on with the next', async () => {
    const failed = inListTurn(async () => {
      throw new Error('数据库错误');
    });
    const next = inListTurn(async () => 'next');
    await expect(failed).rejects.toThrow('数据库错误');
    await expect(next).resolves.toBe('next');
  });
});
