/** The PostgreSQL server and RabbitMQ broker every bench uses: from the environment, else the local ones. */
export const BENCH_PG = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
export const BENCH_AMQP = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672'
