// One running child speaking line protocol v1: lines in, lines out, the tail of stderr kept. Each
// child reads its own pipes: once it is ended, nothing it wrote reaches its successor, and its
// whole process group (grandchildren included) is killed before `end()` resolves.
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { killEscaped, markerVariable } from "./escapedProcesses.ts";

/** Process groups of the children alive: killed if the runner exits first (a second signal, a crash). */
const liveGroups = new Set<number>();
process.on("exit", () => {
  for (const pid of liveGroups) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

export interface ChildEvents {
  line(text: string): void;
  /** A line longer than the limit: not kept, only its length reported. */
  overlong(bytes: number): void;
  exit(description: string): void;
}

const stderrLines = 40;
const stderrLineChars = 1000;
/** What a child may take to exit once killed before it is given up on (a zombie, a stuck pipe). */
const killWaitMs = 2000;

export class LineChild {
  readonly #child: ChildProcess;
  readonly #stderr: string[] = [];
  readonly #exit: Promise<void>;
  #exited = false;
  #detached = false;
  readonly #outgoing: string[] = [];
  readonly #marker = randomUUID();
  #escaped: string[] = [];

  constructor(command: string, events: ChildEvents, maxLineBytes = 1 << 20) {
    this.#child = spawn(command, {
      shell: true,
      stdio: ["pipe", "pipe", "pipe"],
      env: { ...process.env, [markerVariable]: this.#marker },
      // Its own process group, so that ending it ends what it started too.
      detached: process.platform !== "win32",
    });
    const group = this.#child.pid;
    if (group !== undefined && process.platform !== "win32") liveGroups.add(group);
    const out = this.#child.stdout;
    const err = this.#child.stderr;
    if (!out || !err) throw new Error("the child has no stdout or stderr");
    const live = (f: () => void) => {
      if (!this.#detached) f();
    };
    splitLines(out, maxLineBytes, {
      line: (l) => live(() => events.line(l)),
      overlong: (n) => live(() => events.overlong(n)),
      // A child that closes its stdout can answer nothing more: unless it is exiting anyway, it is
      // as good as gone.
      end: () => setTimeout(() => live(() => this.#onExit("closed its stdout and kept running", events)), 200).unref(),
    });
    splitLines(err, stderrLineChars * 4, {
      line: (l) => this.#keepStderr(l),
      overlong: (n) => this.#keepStderr(`(a line of ${n} bytes)`),
      end: () => {},
    });
    this.#child.stdin?.on("error", () => {}); // a child that exits early closes its stdin: the exit event reports it
    this.#exit = new Promise<void>((resolve) => {
      this.#child.once("exit", () => resolve());
      this.#child.once("error", () => resolve());
    });
    this.#child.on("error", (e) => live(() => this.#onExit(`could not be run: ${e.message}`, events)));
    this.#child.on("exit", (code, signal) =>
      live(() => this.#onExit(signal ? `was killed by ${signal}` : `exited with code ${code}`, events)),
    );
  }

  #keepStderr(l: string): void {
    this.#stderr.push(l.length > stderrLineChars ? `${l.slice(0, stderrLineChars)}…` : l);
    if (this.#stderr.length > stderrLines) this.#stderr.shift();
  }

  #onExit(description: string, events: ChildEvents): void {
    if (this.#exited) return;
    this.#exited = true;
    // Let the last stdout and stderr lines arrive before the exit is reported.
    setImmediate(() => {
      if (!this.#detached) events.exit(description);
    });
  }

  get exited(): boolean {
    return this.#exited;
  }

  /** What it left running outside its process group, killed when it was ended ("pid command"). */
  get escaped(): readonly string[] {
    return this.#escaped;
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

  /** Asks the child to stop, then ends its process group, at once if it has not exited within `graceMs`. */
  async stop(graceMs = 2000): Promise<void> {
    if (!this.#exited) {
      this.send({ cmd: "stop" });
      this.#flush();
      this.#child.stdin?.end();
      await Promise.race([this.#exit, sleep(graceMs)]);
    }
    await this.end();
  }

  /**
   * Ends the child for good: no event of it is delivered from now on, its process group is
   * killed (what it left running too), and the promise resolves once it has exited.
   */
  async end(): Promise<void> {
    this.#detached = true;
    this.#exited = true;
    this.#killGroup();
    await Promise.race([this.#exit, sleep(killWaitMs)]);
    this.#escaped = killEscaped(this.#marker);
    this.#child.stdout?.destroy();
    this.#child.stderr?.destroy();
    this.#child.stdin?.destroy();
  }

  #killGroup(): void {
    const pid = this.#child.pid;
    if (pid === undefined) return;
    liveGroups.delete(pid);
    try {
      // The group outlives its leader while a grandchild is in it: kill it even after the exit.
      if (process.platform !== "win32") process.kill(-pid, "SIGKILL");
      else this.#child.kill("SIGKILL");
    } catch {
      if (this.#child.exitCode === null && this.#child.signalCode === null) this.#child.kill("SIGKILL");
    }
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

interface LineSink {
  line(text: string): void;
  overlong(bytes: number): void;
  end(): void;
}

/** Splits a stream into lines, never holding more than `maxBytes` of one line. */
function splitLines(stream: NodeJS.ReadableStream, maxBytes: number, sink: LineSink): void {
  let held: string[] = [];
  let heldBytes = 0;
  let dropping = 0;
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    let start = 0;
    for (let nl = chunk.indexOf("\n", start); nl !== -1; nl = chunk.indexOf("\n", start)) {
      const piece = chunk.slice(start, nl);
      start = nl + 1;
      if (dropping > 0) sink.overlong(dropping + piece.length);
      else if (heldBytes + piece.length > maxBytes) sink.overlong(heldBytes + piece.length);
      else sink.line((held.join("") + piece).replace(/\r$/, ""));
      held = [];
      heldBytes = 0;
      dropping = 0;
    }
    const rest = chunk.slice(start);
    if (rest === "") return;
    if (dropping > 0 || heldBytes + rest.length > maxBytes) {
      dropping += heldBytes + rest.length;
      held = [];
      heldBytes = 0;
    } else {
      held.push(rest);
      heldBytes += rest.length;
    }
  });
  stream.on("end", () => sink.end());
  stream.on("error", () => {});
}
