/**
 * A switchable gate in front of one provider: a TCP forwarder on a port of
 * its own that relays every connection to the emulators. The emulators are
 * one app on one port, so "PayPal is down" cannot be the emulators
 * stopping; it is PayPal's gate closing. Closed, its port refuses new
 * connections (ECONNREFUSED) as a host that is down does, and the
 * connections through it are cut; the other providers, behind their own
 * gates, keep answering. Open again, it listens on the same port, so the
 * app's configured base URL works again without a restart.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import { freePort } from './stack';

export class ProviderGate {
  private listener: Server | undefined;
  private readonly relayed = new Set<Socket>();
  private targetPort: number | undefined;

  private constructor(readonly port: number) {}

  /** A gate on a free port, open; it forwards once told where to (`forwardTo`). */
  static async open(): Promise<ProviderGate> {
    const gate = new ProviderGate(await freePort());
    await gate.up();
    return gate;
  }

  /** The gate's origin, for a provider's base URL. */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get isUp(): boolean {
    return this.listener !== undefined;
  }

  /** Where connections go: the emulators' port, known once they listen. */
  forwardTo(port: number): void {
    this.targetPort = port;
  }

  /** Listens again on the same port. */
  async up(): Promise<void> {
    if (this.listener) return;
    const listener = createServer((client) => this.relay(client));
    await new Promise<void>((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(this.port, '127.0.0.1', () => {
        listener.off('error', reject);
        resolve();
      });
    });
    this.listener = listener;
  }

  /** Stops listening and cuts every connection: from now on, connecting is refused. */
  async down(): Promise<void> {
    const listener = this.listener;
    if (!listener) return;
    this.listener = undefined;
    const closed = new Promise<void>((resolve) => listener.close(() => resolve()));
    // close() only stops new connections; kept-alive ones would still get through.
    for (const socket of this.relayed) socket.destroy();
    this.relayed.clear();
    await closed;
  }

  private relay(client: Socket): void {
    if (this.targetPort === undefined) {
      client.destroy();
      return;
    }
    const upstream = connect(this.targetPort, '127.0.0.1');
    const cut = () => {
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      this.relayed.add(socket);
      // A reset or close on one side is passed on as one: a dropped answer stays dropped.
      socket.on('error', cut);
      socket.on('close', () => {
        this.relayed.delete(socket);
        cut();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  }
}
