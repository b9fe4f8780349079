// The receiver knows its own failures: a review it answers is counted and not failed; one whose
// connection it loses, or that it refuses, is failed; a connection that breaks before a request
// can be read is dropped. Real HTTPS connections to a real receiver, no API server needed.
import { request } from "node:https";
import { connect } from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WebhookReceiver } from "./webhookReceiver.ts";
import { startWebhookReceiver } from "./webhookReceiver.ts";

const review = (name: string) => ({
  apiVersion: "admission.k8s.io/v1",
  kind: "AdmissionReview",
  request: { uid: `uid-${name}`, object: { metadata: { labels: { case: name } } } },
});

/** Posts a body to the tag's URL; the reply's status, or the connection's error code. */
function post(r: WebhookReceiver, tag: string, body: string): Promise<number | string> {
  const url = new URL(r.url(tag));
  return new Promise((resolve) => {
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname, method: "POST", ca: Buffer.from(r.caBundle, "base64") },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", (e: NodeJS.ErrnoException) => resolve(e.code ?? "error"));
    req.end(body);
  });
}

describe("the webhook receiver's record of its own failures", () => {
  let r: WebhookReceiver;
  beforeAll(async () => {
    r = await startWebhookReceiver({ fault: (rv) => rv.request?.object?.metadata?.labels?.case === "reset" });
  });
  afterAll(() => r.close());

  it("counts an answered review, and does not take it for failed", async () => {
    expect(await post(r, "run-1", JSON.stringify(review("fine")))).toBe(200);
    expect(r.reviewed("run-1")).toBe(1);
    expect(r.failed("run-1")).toBe(false);
    expect(r.reviewed("run-2")).toBe(0);
  });

  it("takes a review whose connection it lost for failed", async () => {
    expect(await post(r, "run-3", JSON.stringify(review("reset")))).toBe("ECONNRESET");
    expect(r.reviewed("run-3")).toBe(1);
    expect(r.failed("run-3")).toBe(true);
    expect(r.failed("run-1")).toBe(false);
  });

  it("takes a review it refused (not JSON) for failed", async () => {
    expect(await post(r, "run-4", "{")).toBe(400);
    expect(r.failed("run-4")).toBe(true);
  });

  it("counts a connection whose TLS handshake failed as dropped, no tag known", async () => {
    const before = r.dropped();
    const url = new URL(r.url("run-5"));
    // No CA given: the client rejects the receiver's certificate and the handshake breaks off.
    await new Promise<void>((resolve) => {
      const s = connect({ host: url.hostname, port: Number(url.port), rejectUnauthorized: true });
      s.on("error", () => resolve());
      s.on("secureConnect", () => resolve());
    });
    for (let i = 0; i < 50 && r.dropped() === before; i++) await new Promise((ok) => setTimeout(ok, 10));
    expect(r.dropped()).toBe(before + 1);
    expect(r.reviewed("run-5")).toBe(0);
  });
});
