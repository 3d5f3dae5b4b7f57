// The framework's ceiling for `npm run bench -- --ceiling`: a Fastify hello-world (the app's own
// Fastify, one process, loopback) that answers GET / with {"hello":"world"}. The benchmark starts
// it as a child process on PORT and measures it with the same load as the cases.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

const shutdown = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
