import { Battle, validateBattle } from '../src/battle-spec';
import { computeOdds } from '../src/odds';
import {
  ODDS_STOPPED,
  oddsOf,
  oddsRequest,
  OddsRequestMessage,
  OddsWorkerMessage,
} from '../taskpane/odds';
import { OddsWorker, workerOdds } from '../taskpane/worker-odds';

/** The pane's odds off the page's thread: the message a worker gets, and the provider's life. */

const battle = (spec: Record<string, unknown>): Battle => {
  const b = validateBattle({ id: 'B1', seed: 'x', ...spec });
  if (!b.ok) throw new Error(b.error);
  return b.value;
};

const BATTLES: [string, Battle][] = [
  [
    'cote-pbem, fortified, a retreat order',
    battle({ attacker: 'Marcus: 2 CAT 3 INF', defender: '4 INF', fort: 1, retreat: 'lost >= 2' }),
  ],
  [
    'cote-online, hit and run',
    battle({
      rules: 'cote-online',
      attacker: '2 INF 1 CAV',
      defender: '2 INF',
      mode: 'hit-and-run',
    }),
  ],
  [
    'imperium (Monte Carlo)',
    battle({ rules: 'imperium', attacker: 'Terran: 2 DD', defender: 'Imperial: 1 CR' }),
  ],
  [
    'legion-battles',
    battle({
      rules: 'legion-battles',
      attacker: 'a: trained century, discipline 3',
      defender: 'c: raw levy, discipline 2',
    }),
  ],
];

/** A worker that answers only when told to, and remembers what it was sent and whether it ended. */
class FakeWorker implements OddsWorker {
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  sent: unknown[] = [];
  ended = false;
  postMessage(message: unknown): void {
    // What the browser does to a message: a structured clone (functions refused).
    this.sent.push(structuredClone(message));
  }
  terminate(): void {
    this.ended = true;
  }
  answer(): void {
    this.say({ result: oddsOf(this.sent[0] as OddsRequestMessage) });
  }
  say(data: OddsWorkerMessage): void {
    this.onmessage?.({ data } as MessageEvent);
  }
  fail(): void {
    this.onerror?.({ preventDefault: () => {} } as ErrorEvent);
  }
}

describe('the message to the worker', () => {
  it.each(BATTLES)('%s: carried as a structured clone, it gives the same odds', (_, b) => {
    const request = structuredClone(oddsRequest(b));
    expect(request).not.toHaveProperty('dice');
    expect(oddsOf(request)).toEqual(computeOdds(b, { runs: 20_000 }));
  });

  it('an unknown ruleset is an error, not a throw', () => {
    const request = { ...oddsRequest(BATTLES[0][1]), rules: 'chess' };
    expect(oddsOf(request)).toEqual({ ok: false, error: 'Unknown ruleset "chess".' });
  });
});

describe('workerOdds', () => {
  const b = BATTLES[0][1];

  it("gives the worker's answer and ends the worker", async () => {
    const worker = new FakeWorker();
    const odds = workerOdds(() => worker).compute(b);
    expect(worker.ended).toBe(false);
    worker.answer();
    expect(await odds).toEqual(computeOdds(b, { runs: 20_000 }));
    expect(worker.ended).toBe(true);
  });

  it('Stop ends the worker at once; its late answer changes nothing', async () => {
    const worker = new FakeWorker();
    const provider = workerOdds(() => worker);
    const odds = provider.compute(b);
    provider.stop!();
    expect(await odds).toEqual({ ok: false, error: ODDS_STOPPED });
    expect(worker.ended).toBe(true);
    worker.answer();
    expect(await odds).toEqual({ ok: false, error: ODDS_STOPPED });
  });

  it("passes on the count's progress until it is stopped", async () => {
    const worker = new FakeWorker();
    const provider = workerOdds(() => worker);
    const shares: number[] = [];
    const odds = provider.compute(b, (share) => shares.push(share));
    worker.say({ progress: 0 });
    worker.say({ progress: 0.25 });
    provider.stop!();
    worker.say({ progress: 0.5 });
    expect(await odds).toEqual({ ok: false, error: ODDS_STOPPED });
    expect(shares).toEqual([0, 0.25]);
  });

  it('the worker itself reports its progress, then its answer', () => {
    const imperium = oddsRequest(BATTLES[2][1]);
    const told: number[] = [];
    const result = oddsOf(imperium, (done, total) => told.push(done / total));
    expect(result.ok).toBe(true);
    expect(told).toHaveLength(101);
    expect(told.at(-1)).toBe(1);
  });

  it('Stop after the answer, or with nothing under way, does nothing', async () => {
    const worker = new FakeWorker();
    const provider = workerOdds(() => worker);
    provider.stop!();
    const odds = provider.compute(b);
    worker.answer();
    provider.stop!();
    expect((await odds).ok).toBe(true);
  });

  it("each count has a worker of its own: a second one does not end the first's", async () => {
    const workers = [new FakeWorker(), new FakeWorker()];
    let started = 0;
    const provider = workerOdds(() => workers[started++]);
    const first = provider.compute(b);
    const second = provider.compute(BATTLES[1][1]);
    workers[0].answer();
    workers[1].answer();
    expect(await first).toEqual(computeOdds(b, { runs: 20_000 }));
    expect(await second).toEqual(computeOdds(BATTLES[1][1], { runs: 20_000 }));
  });

  it('a worker that cannot start, or fails, leaves the odds to the page', async () => {
    const refused = workerOdds(() => {
      throw new Error('workers are not allowed here');
    });
    expect(await refused.compute(b)).toEqual(computeOdds(b, { runs: 20_000 }));
    const worker = new FakeWorker();
    const failing = workerOdds(() => worker).compute(b);
    worker.fail();
    expect(await failing).toEqual(computeOdds(b, { runs: 20_000 }));
    expect(worker.ended).toBe(true);
  });
});
