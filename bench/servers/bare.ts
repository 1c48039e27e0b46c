// The baseline: a bare fastify route returning a fixed JSON object of the size of an ingredient.
import Fastify from 'fastify';

const payload = JSON.parse(process.env.BARE_PAYLOAD ?? '{"ingredient":{"id":1,"name":"x"}}');
const app = Fastify({ logger: false });
app.get('/bare/:id', async () => payload);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address() as { port: number };
console.log(`READY ${JSON.stringify({ port: address.port })}`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
