import 'server-only';
import bcrypt from 'bcryptjs';

const COST = 10;

export const hashPassword = (plain: string) => bcrypt.hash(plain, COST);

export const verifyPassword = ({ plain, hash }: { plain: string; hash: string }) =>
  bcrypt.compare(plain, hash);

// Used when the user does not exist, so a wrong username costs as much time as a wrong password.
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', COST);
export const burnPasswordCheck = (plain: string) => bcrypt.compare(plain, DUMMY_HASH);
