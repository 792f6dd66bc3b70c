import { useEffect, useState } from 'react';
import type { ServerConfig } from '../api/scenario-options';

/** `GET /api/config` once: whether the server can proxy to a real model. `undefined` until known. */
export function useServerConfig(): ServerConfig | undefined {
  const [config, setConfig] = useState<ServerConfig | undefined>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/config', { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<ServerConfig>) : undefined))
      .then((loaded) => setConfig(loaded))
      .catch(() => {});
    return () => controller.abort();
  }, []);
  return config;
}
