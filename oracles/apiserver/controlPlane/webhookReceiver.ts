// The HTTPS endpoint the probe webhooks call: its own CA (given to the server as caBundle) and
// serving certificate, made with openssl for this receiver alone. Every review is allowed; the
// response carries one warning `mc|<tag>|<group>/<version>/<resource>|<group>/<version>/<kind>`
// naming the resource and kind the server sent (for an Equivalent match: the converted ones), so
// that the decision is read back from the probe's Warning headers like a policy's.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Server } from "node:https";
import { createServer } from "node:https";
import { isIP } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Duplex } from "node:stream";

export interface WebhookReceiverOptions {
  /** The address the API server reaches the receiver at (default 127.0.0.1; on kind: the kind network's gateway). */
  readonly host?: string;
  /** The address to listen on (default: host). */
  readonly listen?: string;
  readonly port?: number;
  /** Tests only: a review it picks gets its connection reset instead of an answer (a failure like any other). */
  readonly fault?: (review: Review) => boolean;
}

/** What the receiver knows of its own failures, so that a server's verdict that is only its failure to call it is never taken. */
export interface ReceiverRecord {
  /** Reviews that arrived for the tag, answered or not. */
  readonly reviewed: (tag: string) => number;
  /** Whether a review for the tag arrived and was not answered (its connection closed first, or it was refused). */
  readonly failed: (tag: string) => boolean;
  /** Connections that failed before any tag could be read (a TLS handshake, a request cut off in its headers) between two times (performance.now()). */
  readonly droppedBetween: (from: number, to: number) => boolean;
}

export interface WebhookReceiver extends ReceiverRecord {
  /** The clientConfig.url for a probe tagged `tag`. */
  readonly url: (tag: string) => string;
  /** The receiver's CA, base64 PEM, for clientConfig.caBundle. */
  readonly caBundle: string;
  /** Reviews answered so far. */
  readonly calls: () => number;
  readonly close: () => Promise<void>;
}

export interface Review {
  readonly request?: {
    readonly uid?: string;
    readonly object?: { metadata?: { labels?: Record<string, string> } };
    readonly resource?: { group?: string; version?: string; resource?: string };
    readonly kind?: { group?: string; version?: string; kind?: string };
  };
}

const tagPattern = /^[a-z0-9-]{1,100}$/;

/** The warning a review tagged `tag` is answered with. */
export function receiverWarning(tag: string, review: Review): string {
  const r = review.request?.resource ?? {};
  const k = review.request?.kind ?? {};
  return `mc|${tag}|${r.group ?? ""}/${r.version ?? ""}/${r.resource ?? ""}|${k.group ?? ""}/${k.version ?? ""}/${k.kind ?? ""}`;
}

export async function startWebhookReceiver(o: WebhookReceiverOptions = {}): Promise<WebhookReceiver> {
  const host = o.host ?? "127.0.0.1";
  const tls = certificates(host);
  let calls = 0;
  const record = new OwnFailures();
  const server = createServer({ key: tls.key, cert: tls.cert }, (req: IncomingMessage, res: ServerResponse) => {
    const tag = /^\/mc\/([^/?]+)/.exec(req.url ?? "")?.[1] ?? "";
    const known = tagPattern.test(tag);
    if (known) record.arrived(tag, res);
    const chunks: Buffer[] = [];
    req.on("data", (d: Buffer) => chunks.push(d));
    req.on("end", () => {
      let review: Review;
      try {
        review = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Review;
      } catch {
        res.writeHead(400).end("not JSON");
        return;
      }
      if (req.method !== "POST" || !known || typeof review.request?.uid !== "string") {
        res.writeHead(400).end("not an AdmissionReview for a matchconform probe");
        return;
      }
      if (o.fault?.(review)) {
        req.socket.destroy();
        return;
      }
      calls++;
      const body = JSON.stringify({
        apiVersion: "admission.k8s.io/v1",
        kind: "AdmissionReview",
        response: { uid: review.request.uid, allowed: true, warnings: [receiverWarning(tag, review)] },
      });
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) });
      res.end(body);
    });
  });
  record.watch(server);
  // The server's webhook client keeps idle connections 90 s (Go's IdleConnTimeout); closing them
  // sooner (Node's default is 5 s) races a request written onto a closing connection, which a
  // loaded server then reports as "broken pipe" and fails the request under failurePolicy Fail.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(o.port ?? 0, o.listen ?? host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const hostInUrl = isIP(host) === 6 ? `[${host}]` : host;
  return {
    url: (tag) => `https://${hostInUrl}:${port}/mc/${tag}`,
    caBundle: Buffer.from(tls.ca).toString("base64"),
    calls: () => calls,
    reviewed: (tag) => record.reviewed(tag),
    failed: (tag) => record.failed(tag),
    droppedBetween: (from, to) => record.droppedBetween(from, to),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The receiver's own failures, as it sees them. */
class OwnFailures {
  private readonly counts = new Map<string, number>();
  private readonly failures = new Set<string>();
  /** When connections no review is known for failed (performance.now()), the latest last. */
  private readonly drops: number[] = [];

  /** A review for `tag` arrived; it failed unless its answer was written whole (a 400 is a failure too). */
  arrived(tag: string, res: ServerResponse): void {
    this.counts.set(tag, (this.counts.get(tag) ?? 0) + 1);
    res.on("close", () => {
      if (!res.writableFinished || res.statusCode !== 200) this.failures.add(tag);
    });
  }

  /**
   * Connection errors no review is known for: a failed TLS handshake, a request cut off before its
   * headers ended. A reset of an idle kept-alive connection loses nothing (its reviews were answered,
   * one in flight fails through `arrived`), so it does not count.
   */
  watch(server: Server): void {
    server.on("tlsClientError", () => this.drops.push(performance.now()));
    server.on("clientError", (e: NodeJS.ErrnoException, socket: Duplex) => {
      if (e.code !== "ECONNRESET" && e.code !== "EPIPE") this.drops.push(performance.now());
      socket.destroy();
    });
  }

  droppedBetween(from: number, to: number): boolean {
    for (let i = this.drops.length - 1; i >= 0; i--) {
      const t = this.drops[i] as number;
      if (t < from) return false;
      if (t <= to) return true;
    }
    return false;
  }

  reviewed(tag: string): number {
    return this.counts.get(tag) ?? 0;
  }

  failed(tag: string): boolean {
    return this.failures.has(tag);
  }
}

/** A CA and a serving certificate for `host` (an IP address or a DNS name), valid for two days. */
export function certificates(host: string): { ca: string; cert: string; key: string } {
  const dir = mkdtempSync(join(tmpdir(), "matchconform-webhook-pki-"));
  const f = (n: string) => join(dir, n);
  const ssl = (args: readonly string[]) => {
    try {
      execFileSync("openssl", args, { stdio: ["ignore", "ignore", "pipe"] });
    } catch (e) {
      const why = (e as { code?: string; stderr?: Buffer }).code === "ENOENT" ? "openssl is not installed" : "";
      throw new Error(
        `making the webhook receiver's certificates failed: ${why || String((e as { stderr?: Buffer }).stderr ?? e)}`,
      );
    }
  };
  try {
    const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
    ssl([
      "req",
      "-x509",
      ...ec,
      "-keyout",
      f("ca.key"),
      "-out",
      f("ca.crt"),
      "-days",
      "2",
      "-subj",
      "/CN=matchconform webhook receiver CA",
      "-addext",
      "basicConstraints=critical,CA:TRUE",
      "-addext",
      "keyUsage=critical,keyCertSign",
    ]);
    ssl(["req", ...ec, "-keyout", f("tls.key"), "-out", f("tls.csr"), "-subj", "/CN=matchconform-webhook-receiver"]);
    const san = isIP(host) ? `IP:${host}` : `DNS:${host}`;
    writeFileSync(f("ext"), `subjectAltName=${san}\nextendedKeyUsage=serverAuth\nkeyUsage=digitalSignature\n`);
    ssl([
      "x509",
      "-req",
      "-in",
      f("tls.csr"),
      "-CA",
      f("ca.crt"),
      "-CAkey",
      f("ca.key"),
      "-CAcreateserial",
      "-out",
      f("tls.crt"),
      "-days",
      "2",
      "-extfile",
      f("ext"),
    ]);
    return {
      ca: readFileSync(f("ca.crt"), "utf8"),
      cert: readFileSync(f("tls.crt"), "utf8"),
      key: readFileSync(f("tls.key"), "utf8"),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
