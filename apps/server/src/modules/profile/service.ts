import type { Profile, UpdateProfileBody } from '@plumbline/contracts';
import { DEFAULT_LOCALE, isLocale } from '@plumbline/i18n';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import { users } from '../../schema';
import { AvatarRefused, type Crop, makeAvatar } from './avatar';
import { ProfileError } from './errors';

type UserRow = typeof users.$inferSelect;

function toProfile(row: UserRow): Profile {
  return {
    full_name: row.fullName,
    email: row.email,
    company: row.company,
    avatar_url: row.avatarUrl,
    role: row.role,
    preferences: {
      job_title: row.jobTitle,
      emailNotifications: row.emailNotifications,
      language: isLocale(row.language) ? row.language : DEFAULT_LOCALE,
    },
  };
}

export function createProfileService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  async function read(userId: string): Promise<UserRow> {
    const [row] = await db.select().from(users).where(eq(users.id, userId));
    if (!row) throw new ProfileError('profile_not_found');
    return row;
  }

  return {
    async get(userId: string): Promise<Profile> {
      return toProfile(await read(userId));
    },

    async update(userId: string, body: UpdateProfileBody): Promise<Profile> {
      const patch: Partial<UserRow> = { updatedAt: clock.now() };
      if (body.full_name !== undefined) patch.fullName = body.full_name;
      if (body.company !== undefined) patch.company = body.company;
      if (body.preferences?.job_title !== undefined) patch.jobTitle = body.preferences.job_title;
      if (body.preferences?.emailNotifications !== undefined)
        patch.emailNotifications = body.preferences.emailNotifications;
      if (body.preferences?.language !== undefined) patch.language = body.preferences.language;
      await db.update(users).set(patch).where(eq(users.id, userId));
      return toProfile(await read(userId));
    },

    /** Checks and stores a new avatar; a refused image leaves the stored one as it was. */
    async setAvatar(userId: string, bytes: Uint8Array, crop: Crop | null): Promise<Profile> {
      let avatar: string;
      try {
        avatar = makeAvatar(bytes, crop);
      } catch (error) {
        if (error instanceof AvatarRefused)
          throw new ProfileError('avatar_invalid', { messageId: error.messageId });
        throw error;
      }
      await db.update(users).set({ avatarUrl: avatar, updatedAt: clock.now() }).where(eq(users.id, userId));
      return toProfile(await read(userId));
    },

    async removeAvatar(userId: string): Promise<Profile> {
      await db.update(users).set({ avatarUrl: null, updatedAt: clock.now() }).where(eq(users.id, userId));
      return toProfile(await read(userId));
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
