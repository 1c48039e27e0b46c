// The base URL of the address the server listens on, for absolute links when PUBLIC_URL is not set.
// Links are never built from a request's Host header: a client chooses that header, and a signed
// link naming its host would send the next reader of the link to it.

/** The listening part of the configuration (src/config.ts), named here so lib depends on nothing of ours. */
export interface ListenConfig {
  host: string;
  tls: object | null;
}

export function listenUrl(config: ListenConfig, port: number): string {
  // A wildcard address is reachable on the loopback interface; a remote client needs PUBLIC_URL.
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return `${config.tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
