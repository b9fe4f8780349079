// Raw HTTPS calls to a kube-apiserver: every Warning header as its own entry
// (`res.headersDistinct.warning`), impersonation, and no client library in between.
import { Agent, request } from "node:https";

export interface Connection {
  readonly server: string;
  /** Bearer token (the local control plane's static token). */
  readonly token?: string;
  readonly ca?: string | Buffer;
  readonly cert?: string | Buffer;
  readonly key?: string | Buffer;
  readonly rejectUnauthorized?: boolean;
}

export interface Reply {
  readonly status: number;
  readonly body: unknown;
  readonly text: string;
  /** The texts of the Warning headers, unquoted (`299 - "<text>"` -> `<text>`). */
  readonly warnings: readonly string[];
}

/** A user to send a request as: Impersonate-User, -Group, -Uid and -Extra-<key> headers. */
export interface Impersonation {
  readonly user: string;
  readonly groups?: readonly string[];
  readonly uid?: string;
  readonly extra?: Readonly<Record<string, readonly string[]>>;
}

/**
 * The headers of an impersonation. An extra key is carried in a header name, which the server
 * lowercases and path-unescapes (k8s.io/apiserver v0.37.2 pkg/endpoints/filters/impersonation
 * impersonation.go buildImpersonationRequests): the key is escaped so that it comes back as given.
 */
export function impersonationHeaders(i: string | Impersonation): Record<string, string | string[]> {
  if (typeof i === "string") return { "Impersonate-User": i, "Impersonate-Group": "system:masters" };
  const h: Record<string, string | string[]> = { "Impersonate-User": i.user };
  if (i.groups !== undefined && i.groups.length > 0) h["Impersonate-Group"] = [...i.groups];
  if (i.uid !== undefined && i.uid !== "") h["Impersonate-Uid"] = i.uid;
  for (const [k, v] of Object.entries(i.extra ?? {}))
    if (v.length > 0) h[`Impersonate-Extra-${encodeURIComponent(k)}`] = [...v];
  return h;
}

export interface CallOptions {
  readonly body?: unknown;
  /** Sent as this user, with the one group system:masters; or as the user given, exactly. */
  readonly impersonate?: string | Impersonation;
  readonly query?: Readonly<Record<string, string>>;
  readonly timeoutMs?: number;
}

/**
 * The requests a client sent, by what they cost the server: `writes` change what it stores (a
 * deletecollection is one, however many objects it removes), `dryRuns` go through admission and
 * validation and store nothing, `reads` are GETs.
 */
export interface RequestTally {
  writes: number;
  dryRuns: number;
  reads: number;
}

export const emptyTally = (): RequestTally => ({ writes: 0, dryRuns: 0, reads: 0 });

/** Counts one request of `method` in the tally; `dryRun` as its query gives it. */
export function countRequest(t: RequestTally, method: string, dryRun: string | undefined): void {
  if (method === "GET") t.reads++;
  else if (dryRun !== undefined) t.dryRuns++;
  else t.writes++;
}

export class KubeHttp {
  readonly #c: Connection;
  readonly #agent: Agent;
  /** Every request this client sent, by class. */
  readonly tally: RequestTally = emptyTally();

  constructor(c: Connection) {
    this.#c = c;
    this.#agent = new Agent({
      keepAlive: true,
      maxSockets: 32,
      // A connection idle this long is closed by the client first: kube-apiserver closes those idle
      // for 90 s (k8s.io/apiserver v0.37.2 pkg/server/secure_serving.go IdleTimeout) without a
      // Keep-Alive hint, and a request sent as it does so fails (EPIPE, ECONNRESET).
      timeout: 60_000,
      ...(c.ca !== undefined && { ca: c.ca }),
      ...(c.cert !== undefined && { cert: c.cert }),
      ...(c.key !== undefined && { key: c.key }),
      ...(c.rejectUnauthorized === false && { rejectUnauthorized: false }),
    });
  }

  call(method: string, path: string, o: CallOptions = {}): Promise<Reply> {
    const url = new URL(path, this.#c.server);
    countRequest(this.tally, method, o.query?.dryRun);
    for (const [k, v] of Object.entries(o.query ?? {})) url.searchParams.set(k, v);
    const payload = o.body === undefined ? undefined : JSON.stringify(o.body);
    const headers: Record<string, string | string[]> = { Accept: "application/json" };
    if (this.#c.token) headers.Authorization = `Bearer ${this.#c.token}`;
    if (payload !== undefined) {
      headers["Content-Type"] = "application/json";
      headers["Content-Length"] = String(Buffer.byteLength(payload));
    }
    if (o.impersonate !== undefined) Object.assign(headers, impersonationHeaders(o.impersonate));
    return new Promise((resolve, reject) => {
      const req = request(url, { method, headers, agent: this.#agent, timeout: o.timeoutMs ?? 30_000 }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (d: Buffer) => chunks.push(d));
        res.on("error", reject);
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {}
          resolve({
            status: res.statusCode ?? 0,
            body,
            text,
            warnings: (res.headersDistinct.warning ?? []).map(warningText),
          });
        });
      });
      req.on("timeout", () => req.destroy(new Error(`${method} ${url.pathname} timed out`)));
      req.on("error", reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }

  close(): void {
    this.#agent.destroy();
  }
}

/** `299 - "text with \" escapes"` -> the text. */
export function warningText(header: string): string {
  const m = /^\d{3} \S+ "((?:[^"\\]|\\.)*)"/.exec(header);
  return m?.[1] ? m[1].replace(/\\(.)/g, "$1") : header;
}

/** The message of a Status body, or the raw text. */
export function statusMessage(r: Reply): string {
  const b = r.body as { message?: unknown } | undefined;
  return typeof b?.message === "string" ? b.message : r.text.slice(0, 500);
}

export const ok = (r: Reply) => r.status >= 200 && r.status < 300;

/** Throws unless the reply is a success: for the objects a run or batch cannot do without. */
export function must(r: Reply, what: string): void {
  if (!ok(r)) throw new Error(`creating ${what} failed with HTTP ${r.status}: ${statusMessage(r)}`);
}
