import 'server-only';
import bcrypt from 'bcryptjs';
import { compareInPool, hashInPool } from './bcrypt-pool';

const COST = 10;

// PASSWORD_HASH_THREADS=0 keeps bcrypt on the main thread (only for comparison in bench/login-bench.mjs).
const isInThread = () => process.env.PASSWORD_HASH_THREADS === '0';

export const hashPassword = (plain: string) =>
  isInThread() ? bcrypt.hash(plain, COST) : hashInPool({ plain, cost: COST });

export const verifyPassword = ({ plain, hash }: { plain: string; hash: string }) =>
  isInThread() ? bcrypt.compare(plain, hash) : compareInPool({ plain, hash });

// The hash of a random password nobody knows, of the same cost as ours. Compared against when the
// username does not exist, so an unknown username costs the same time (and the same place in the
// pool's queue) as a wrong password: the answer's timing does not tell which usernames exist.
const DUMMY_HASH = '$2b$10$TsvHWCxnnnlBunAzJcfXRuHc62Ma5HKEXyNjutik151GXhgNLf5sy';
export const burnPasswordCheck = (plain: string) => verifyPassword({ plain, hash: DUMMY_HASH });
