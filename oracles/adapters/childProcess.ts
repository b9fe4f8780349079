// One running child speaking line protocol v1: lines in, lines out, the tail of stderr kept.
import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";

export interface ChildEvents {
  line(text: string): void;
  exit(description: string): void;
}

const stderrLines = 40;

export class LineChild {
  readonly #child: ChildProcess;
  readonly #stderr: string[] = [];
  #exited = false;
  readonly #outgoing: string[] = [];

  constructor(command: string, events: ChildEvents) {
    this.#child = spawn(command, {
      shell: true,
      stdio: ["pipe", "pipe", "pipe"],
      detached: process.platform !== "win32",
    });
    const out = this.#child.stdout;
    const err = this.#child.stderr;
    if (!out || !err) throw new Error("the child has no stdout or stderr");
    createInterface({ input: out, crlfDelay: Number.POSITIVE_INFINITY }).on("line", (l) => events.line(l));
    createInterface({ input: err, crlfDelay: Number.POSITIVE_INFINITY }).on("line", (l) => {
      this.#stderr.push(l);
      if (this.#stderr.length > stderrLines) this.#stderr.shift();
    });
    this.#child.stdin?.on("error", () => {}); // a child that exits early closes its stdin: the exit event reports it
    this.#child.on("error", (e) => this.#onExit(`could not be run: ${e.message}`, events));
    this.#child.on("exit", (code, signal) =>
      this.#onExit(signal ? `was killed by ${signal}` : `exited with code ${code}`, events),
    );
  }

  #onExit(description: string, events: ChildEvents): void {
    if (this.#exited) return;
    this.#exited = true;
    // Let the last stdout and stderr lines arrive before the exit is reported.
    setImmediate(() => events.exit(description));
  }

  get exited(): boolean {
    return this.#exited;
  }

  get stderrTail(): readonly string[] {
    return [...this.#stderr];
  }

  /** Queues a line; lines queued in one turn of the event loop go out in one write. */
  send(message: unknown): void {
    if (this.#exited) return;
    this.#outgoing.push(`${JSON.stringify(message)}\n`);
    if (this.#outgoing.length === 1) setImmediate(() => this.#flush());
  }

  #flush(): void {
    const text = this.#outgoing.join("");
    this.#outgoing.length = 0;
    if (!this.#exited && text !== "") this.#child.stdin?.write(text);
  }

  /** Asks the child to stop, then ends it (its whole process group) if it has not within `graceMs`. */
  async stop(graceMs = 2000): Promise<void> {
    if (this.#exited) return;
    this.send({ cmd: "stop" });
    this.#flush();
    this.#child.stdin?.end();
    const exited = new Promise<void>((resolve) => this.#child.once("exit", () => resolve()));
    const timer = new Promise<"late">((resolve) => setTimeout(() => resolve("late"), graceMs).unref());
    if ((await Promise.race([exited, timer])) === "late") this.kill();
  }

  kill(): void {
    if (this.#exited || this.#child.pid === undefined) return;
    try {
      if (process.platform !== "win32") process.kill(-this.#child.pid, "SIGKILL");
      else this.#child.kill("SIGKILL");
    } catch {
      this.#child.kill("SIGKILL");
    }
  }
}
