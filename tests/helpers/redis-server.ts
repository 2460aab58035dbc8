// The tests' Redis: the bench's throwaway server (scripts/bench/support/redis-server.ts), one copy for both.
export * from '../../scripts/bench/support/redis-server';
