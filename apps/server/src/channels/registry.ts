import type { Connector } from './connector';

/** Connectors by provider name ('sandbox', 'whatsapp-web', ...). */
export class ConnectorRegistry {
  private readonly connectors = new Map<string, Connector>();

  register(connector: Connector): void {
    this.connectors.set(connector.provider, connector);
  }

  get(provider: string): Connector | undefined {
    return this.connectors.get(provider);
  }
}
