import { describe, expect, it } from 'vitest';
import { BUILDER_NOW, minutesAfter } from '../builders/fixed-time.js';
import { newObjectId } from '../builders/object-id.js';
import { buildUser } from '../builders/user.builder.js';
import type { ContractHarness } from '../harness.js';
import { useFreshStore } from './use-store.js';

const later = minutesAfter(BUILDER_NOW, 5);

export const describeUserContract = (harness: ContractHarness): void => {
  describe('users', () => {
    const store = useFreshStore(harness);

    it('stores a user and reads every field back by id and by email in any case', async () => {
      const user = buildUser({
        email: 'Alice.Smith@Example.com',
        username: 'AliceS',
        phone: '+1 555 0100',
        country: 'NZ',
        wallet: { address: 'TAliceAddress', encryptedPrivateKey: 'k1:sealed', externalAddress: 'TExternal' },
        twoFactor: { enabled: true, encryptedSecret: 'k1:secret', lastAcceptedStep: 42 },
        lastLogin: null,
      });
      const inserted = await store().users.insert(user);
      expect(inserted).toEqual({ ok: true, value: user });
      expect(await store().users.findById(user.id)).toEqual(user);
      expect(await store().users.findByEmail('alice.smith@EXAMPLE.COM')).toEqual(user);
      expect(await store().users.findByEmail('nobody@example.com')).toBeNull();
      expect(await store().users.findById(newObjectId())).toBeNull();
    });

    it('answers EMAIL_TAKEN for an email that differs only in case', async () => {
      await store().users.insert(buildUser({ email: 'taken@example.com' }));
      const second = await store().users.insert(buildUser({ email: 'TAKEN@Example.com' }));
      expect(second.ok).toBe(false);
      if (!second.ok) expect(second.error.code).toBe('EMAIL_TAKEN');
    });

    it('answers USERNAME_TAKEN for a username that differs only in case', async () => {
      await store().users.insert(buildUser({ username: 'CryptoFan' }));
      const second = await store().users.insert(buildUser({ username: 'cryptofan' }));
      expect(second.ok).toBe(false);
      if (!second.ok) expect(second.error.code).toBe('USERNAME_TAKEN');
    });

    it('changes the email unconfirmed, finds the account by it, and refuses one another user holds', async () => {
      const alice = buildUser({ email: 'alice@example.com', emailVerified: true });
      const bob = buildUser({ email: 'bob@example.com' });
      await store().users.insert(alice);
      await store().users.insert(bob);

      const changed = await store().users.changeEmail(alice.id, 'Alice.New@Example.com', later);
      expect(changed).toEqual({
        ok: true,
        value: { ...alice, email: 'Alice.New@Example.com', emailVerified: false, updatedAt: later },
      });
      expect((await store().users.findByEmail('alice.new@example.com'))?.id).toBe(alice.id);
      expect(await store().users.findByEmail('alice@example.com')).toBeNull();

      const clash = await store().users.changeEmail(bob.id, 'ALICE.NEW@example.com', later);
      expect(clash.ok).toBe(false);
      if (!clash.ok) expect(clash.error.code).toBe('EMAIL_TAKEN');
      expect((await store().users.findById(bob.id))?.email).toBe('bob@example.com');

      const missing = await store().users.changeEmail(newObjectId(), 'nobody@example.com', later);
      expect(missing.ok).toBe(false);
      if (!missing.ok) expect(missing.error.code).toBe('USER_NOT_FOUND');
    });

    it('marks the email verified only while the account still has that address', async () => {
      const alice = buildUser({ email: 'alice@example.com', emailVerified: false });
      await store().users.insert(alice);

      expect(await store().users.markEmailVerified(alice.id, 'old@example.com', later)).toBeNull();
      expect((await store().users.findById(alice.id))?.emailVerified).toBe(false);

      const marked = await store().users.markEmailVerified(alice.id, 'ALICE@example.com', later);
      expect(marked).toEqual({ ...alice, emailVerified: true, updatedAt: later });
      expect((await store().users.findById(alice.id))?.emailVerified).toBe(true);
      expect(await store().users.markEmailVerified(newObjectId(), 'alice@example.com', later)).toBeNull();
    });

    it('updates the profile and refuses a username another user holds in another case', async () => {
      const alice = buildUser({ username: 'alice' });
      const bob = buildUser({ username: 'bob' });
      await store().users.insert(alice);
      await store().users.insert(bob);
      const updated = await store().users.updateProfile(
        alice.id,
        { username: 'Alice2', phone: '123', country: 'DE', externalWalletAddress: 'TExt' },
        later,
      );
      expect(updated.ok).toBe(true);
      const stored = await store().users.findById(alice.id);
      expect(stored).toMatchObject({ username: 'Alice2', phone: '123', country: 'DE', updatedAt: later });
      expect(stored?.wallet.externalAddress).toBe('TExt');
      expect(stored?.wallet.address).toBe(alice.wallet.address);

      const clash = await store().users.updateProfile(bob.id, { username: 'ALICE2' }, later);
      expect(clash.ok).toBe(false);
      if (!clash.ok) expect(clash.error.code).toBe('USERNAME_TAKEN');
      expect((await store().users.findById(bob.id))?.username).toBe('bob');

      const ownCase = await store().users.updateProfile(alice.id, { username: 'ALICE2' }, later);
      expect(ownCase.ok).toBe(true);
      expect((await store().users.findById(alice.id))?.username).toBe('ALICE2');
    });

    it('changes password hash, active flag, last login and two-factor state', async () => {
      const user = buildUser();
      await store().users.insert(user);
      expect((await store().users.updatePasswordHash(user.id, 'new-hash', later))?.passwordHash).toBe(
        'new-hash',
      );
      expect((await store().users.setActive(user.id, false, later))?.isActive).toBe(false);
      await store().users.recordLogin(user.id, later);
      const state = { enabled: true, encryptedSecret: 'k1:abc', lastAcceptedStep: null };
      expect((await store().users.setTwoFactor(user.id, state, later))?.twoFactor).toEqual(state);
      const stored = await store().users.findById(user.id);
      expect(stored).toMatchObject({
        passwordHash: 'new-hash',
        isActive: false,
        lastLogin: later,
        twoFactor: state,
      });
      expect(await store().users.setActive(newObjectId(), false, later)).toBeNull();
    });

    it('accepts each TOTP step once and only steps later than the last accepted one', async () => {
      const user = buildUser();
      await store().users.insert(user);
      expect(await store().users.acceptTwoFactorStep(user.id, 100)).toBe(true);
      expect(await store().users.acceptTwoFactorStep(user.id, 100)).toBe(false);
      expect(await store().users.acceptTwoFactorStep(user.id, 99)).toBe(false);
      expect(await store().users.acceptTwoFactorStep(user.id, 101)).toBe(true);
      expect((await store().users.findById(user.id))?.twoFactor.lastAcceptedStep).toBe(101);
    });

    it('replaces a wallet key only while it still holds the expected value', async () => {
      const user = buildUser({
        wallet: { address: 'TAddr', encryptedPrivateKey: 'k1:old', externalAddress: null },
      });
      await store().users.insert(user);
      expect(await store().users.replaceWalletKey(user.id, 'k1:other', 'k2:new')).toBe(false);
      expect(await store().users.replaceWalletKey(user.id, 'k1:old', 'k2:new')).toBe(true);
      expect(await store().users.replaceWalletKey(user.id, 'k1:old', 'k2:newer')).toBe(false);
      expect((await store().users.findById(user.id))?.wallet.encryptedPrivateKey).toBe('k2:new');
    });

    it('lists users holding wallet keys by id ascending, page by page after an id', async () => {
      const withKeys = [1, 2, 3, 4, 5].map((n) =>
        buildUser({ wallet: { address: `T${n}`, encryptedPrivateKey: `k1:${n}`, externalAddress: null } }),
      );
      const withoutKey = buildUser({
        wallet: { address: null, encryptedPrivateKey: null, externalAddress: null },
      });
      for (const user of [...withKeys, withoutKey]) await store().users.insert(user);
      const ids = withKeys.map((user) => user.id).sort();
      const first = await store().users.listWithWalletKeys(null, 3);
      expect(first.map((user) => user.id)).toEqual(ids.slice(0, 3));
      const rest = await store().users.listWithWalletKeys(ids[2] ?? null, 3);
      expect(rest.map((user) => user.id)).toEqual(ids.slice(3));
    });

    it('finds the first admin by creation time', async () => {
      expect(await store().users.firstAdmin()).toBeNull();
      const early = buildUser({ role: 'admin', createdAt: new Date('2026-01-02T00:00:00Z') });
      const late = buildUser({ role: 'admin', createdAt: new Date('2026-01-03T00:00:00Z') });
      const earlierCustomer = buildUser({ role: 'user', createdAt: new Date('2026-01-01T00:00:00Z') });
      for (const user of [late, earlierCustomer, early]) await store().users.insert(user);
      expect((await store().users.firstAdmin())?.id).toBe(early.id);
    });

    it('lists every admin oldest first, and no customer', async () => {
      expect(await store().users.listAdmins()).toEqual([]);
      const early = buildUser({ role: 'admin', createdAt: new Date('2026-01-02T00:00:00Z') });
      const late = buildUser({ role: 'admin', createdAt: new Date('2026-01-03T00:00:00Z') });
      const customer = buildUser({ role: 'user', createdAt: new Date('2026-01-01T00:00:00Z') });
      for (const user of [late, customer, early]) await store().users.insert(user);
      expect(await store().users.listAdmins()).toEqual([early, late]);
    });

    it('samples one record per master-key id in use, for wallet keys and TOTP secrets each', async () => {
      const sealedWith = (keyId: string, n: number) => `${keyId}:c2VhbGVk${n}`;
      const users = [
        buildUser({
          wallet: {
            address: 'TWalletAxxxxxxxxxxxxxxxxxxxxxxxxxx',
            encryptedPrivateKey: sealedWith('kold', 1),
            externalAddress: null,
          },
        }),
        buildUser({
          wallet: {
            address: 'TWalletBxxxxxxxxxxxxxxxxxxxxxxxxxx',
            encryptedPrivateKey: sealedWith('kold', 2),
            externalAddress: null,
          },
        }),
        buildUser({
          wallet: {
            address: 'TWalletCxxxxxxxxxxxxxxxxxxxxxxxxxx',
            encryptedPrivateKey: sealedWith('knew', 3),
            externalAddress: null,
          },
          twoFactor: { enabled: true, encryptedSecret: sealedWith('kold', 4), lastAcceptedStep: null },
        }),
        buildUser({ wallet: { address: null, encryptedPrivateKey: null, externalAddress: null } }),
      ];
      for (const user of users) expect((await store().users.insert(user)).ok).toBe(true);

      const samples = await store().users.sealedSecretSamples();

      expect(samples.map(({ kind, keyId }) => `${kind} ${keyId}`).sort()).toEqual([
        'totp-secret kold',
        'wallet-key knew',
        'wallet-key kold',
      ]);
      for (const sample of samples) {
        const owner = users.find((user) => user.id === sample.userId);
        const field =
          sample.kind === 'wallet-key' ? owner?.wallet.encryptedPrivateKey : owner?.twoFactor.encryptedSecret;
        expect(field).toBe(sample.sealed);
        expect(sample.sealed.startsWith(`${sample.keyId}:`)).toBe(true);
      }
    });

    it('lists users with a sealed TOTP secret by id and replaces one only if it is still the one read', async () => {
      const [a, b, none] = [
        buildUser({ twoFactor: { enabled: true, encryptedSecret: 'kold:AAAA', lastAcceptedStep: null } }),
        buildUser({ twoFactor: { enabled: false, encryptedSecret: 'kold:BBBB', lastAcceptedStep: null } }),
        buildUser(),
      ];
      for (const user of [a, b, none]) await store().users.insert(user);
      const ids = [a.id, b.id].sort();
      expect((await store().users.listWithTwoFactorSecrets(null, 10)).map((user) => user.id)).toEqual(ids);
      expect(
        (await store().users.listWithTwoFactorSecrets(ids[0] ?? null, 10)).map((user) => user.id),
      ).toEqual([ids[1]]);
      expect(await store().users.replaceTwoFactorSecret(a.id, 'kold:AAAA', 'knew:CCCC')).toBe(true);
      expect(await store().users.replaceTwoFactorSecret(a.id, 'kold:AAAA', 'knew:DDDD')).toBe(false);
      expect((await store().users.findById(a.id))?.twoFactor).toMatchObject({
        enabled: true,
        encryptedSecret: 'knew:CCCC',
      });
    });
  });
};
