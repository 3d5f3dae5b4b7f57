// The framework's ceiling for `npm run bench -- --ceiling`: a Fastify hello-world (the app's own
// Fastify, one process, loopback) that answers GET / with {"hello":"world"}. The benchmark starts
// it as a child process on PORT and measures it with the same load as the cases.
// `--ceiling-bytes` asks GET /bytes/{n} instead: a JSON string of n bytes, made once per size, so
// the load generator reads as many bytes as it did for a case.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

const bodies = new Map<number, Buffer>();
app.get<{ Params: { n: string } }>('/bytes/:n', (request, reply) => {
  const n = Math.min(10_000_000, Math.max(2, Number(request.params.n) || 2));
  let body = bodies.get(n);
  if (!body) {
    body = Buffer.from(`"${'x'.repeat(n - 2)}"`);
    bodies.set(n, body);
  }
  reply.type('application/json; charset=utf-8').send(body);
});

const shutdown = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
