import argon2 from 'argon2';

/** The service's production argon2id settings (.env.example defaults), so logins cost what they would. */
export const hashPassword = (password: string): Promise<string> =>
  argon2.hash(password, { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
