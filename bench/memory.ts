// What the API process's private memory is made of, from its /metrics (prom-client's Node.js figures), in MB.

export interface MemoryParts {
  /** V8's heap: used, and reserved (what RssAnon counts). */
  heapUsed: number;
  heapTotal: number;
  /** Memory V8 knows of outside its heap: ArrayBuffers (the engine's per-lead tables, buffers) and other external. */
  external: number;
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

/** The API's heap and external memory from /metrics; undefined when it does not answer. */
export async function memoryParts(
  baseUrl: string,
  metricsToken: string,
): Promise<MemoryParts | undefined> {
  try {
    const res = await fetch(`${baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    if (!res.ok) return undefined;
    const text = await res.text();
    const sample = (name: string) => {
      const line = text.split('\n').find((l) => l.startsWith(`dealerleads_${name} `));
      return line === undefined ? NaN : Number(line.split(' ')[1]);
    };
    return {
      heapUsed: mb(sample('nodejs_heap_size_used_bytes')),
      heapTotal: mb(sample('nodejs_heap_size_total_bytes')),
      external: mb(sample('nodejs_external_memory_bytes')),
    };
  } catch {
    return undefined;
  }
}
