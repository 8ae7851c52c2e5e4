/**
 * `npm run user:reset-password -- <email>`: gives any account (the mate account included) a new generated
 * password, printed once, and ends the account's sessions. Runs against the configured database (DATA_DIR
 * or DATABASE_URL), also while the server runs.
 */
import { loadConfig } from '../config.js';
import { openDatabase } from './database.js';
import { describeDatabase, reason } from './startup.js';
import { PasswordHasher, generatePassword } from '../platform/passwords.js';
import { resetPassword } from './reset-password.js';

const email = process.argv[2]?.trim().toLowerCase();
if (!email || !email.includes('@')) {
  console.error('Usage: npm run user:reset-password -- <email of the account>');
  process.exit(2);
}
const config = loadConfig();
const handle = openDatabase(config);
try {
  const hasher = new PasswordHasher(config.passwordHash.cost, 1, config.passwordHash.algorithm);
  const password = generatePassword(12);
  const user = await resetPassword(handle.db, hasher, email, password);
  if (!user) {
    console.error(`No account with the email ${email} in ${describeDatabase(config)}.`);
    process.exitCode = 1;
  } else {
    console.log(`New password for ${user.name} <${email}> (${user.role === 'guide' ? 'mate' : 'student'}):\n\n    ${password}\n`);
    console.log('It is shown only this once. The account was signed out everywhere; sign in with it and change it.');
  }
} catch (err) {
  console.error(`Cannot reset the password: the database (${describeDatabase(config)}) failed: ${reason(err)}`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
