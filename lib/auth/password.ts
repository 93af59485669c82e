import 'server-only';
import bcrypt from 'bcryptjs';
import { compareInPool, hashInPool } from './bcrypt-pool';

const COST = 10;

// PASSWORD_HASH_THREADS=0 keeps bcrypt on the main thread (only for comparison in bench/login-bench.mjs).
const isInThread = () => process.env.PASSWORD_HASH_THREADS === '0';

export const hashPassword = (plain: string) =>
  isInThread() ? bcrypt.hash(plain, COST) : hashInPool({ plain, cost: COST });

/**
 * The first admin's hash, made while the server starts: on this thread, as nothing is served yet.
 * Through the pool it would start a worker thread for this one hash, and the thread (its own V8
 * and Node, ~17–19 MB) would then stay for the process's life.
 */
export const hashPasswordAtStart = (plain: string) => bcrypt.hash(plain, COST);

export const verifyPassword = ({ plain, hash }: { plain: string; hash: string }) =>
  isInThread() ? bcrypt.compare(plain, hash) : compareInPool({ plain, hash });

// The hash of a random password nobody knows, of the same cost as ours. Compared against when the
// username does not exist, so an unknown username costs the same time (and the same place in the
// pool's queue) as a wrong password: the answer's timing does not tell which usernames exist.
const DUMMY_HASH = '$2b$10$TsvHWCxnnnlBunAzJcfXRuHc62Ma5HKEXyNjutik151GXhgNLf5sy';
export const burnPasswordCheck = (plain: string) => verifyPassword({ plain, hash: DUMMY_HASH });
