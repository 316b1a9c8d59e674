/**
 * The loop of a worker that polls the database (the job runner, the webhook dispatcher): `round`
 * runs every `pollMs`, or at once when woken; a wake during a round runs another right after it, as
 * does a round that says there may be more (it returns true). Never two rounds at once.
 */
export class WakeLoop {
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  private running = false;
  private wakeRequested = false;
  private current: Promise<void> | null = null;

  constructor(
    private readonly round: () => Promise<boolean>,
    private readonly pollMs: number,
    private readonly onError: (err: unknown) => void,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** No round starts after this; resolves once the one running (if any) has ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.current;
  }

  /** Runs a round now instead of at the next poll (after committing new work). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wakeRequested = true;
      return;
    }
    this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.current = this.tick();
    }, ms);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    this.running = true;
    let more = false;
    try {
      more = await this.round();
    } catch (err) {
      this.onError(err);
    } finally {
      this.running = false;
    }
    const again = this.wakeRequested || more;
    this.wakeRequested = false;
    this.schedule(again ? 0 : this.pollMs);
  }
}
