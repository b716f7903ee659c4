import {
  type PerformanceSettings,
  type Profile,
  performanceSettingsSchema,
  profileResponseSchema,
  type UpdateProfileBody,
} from '@plumbline/contracts';
import { ApiRequestError, apiRequest } from '@/lib/api';
import { apiPath, apiUrl } from '@/lib/api/paths';
import { type DataSourceMode, ReadOnlyDataSourceError, useDataSource } from '@/lib/data-source';

/**
 * The Settings area's writes: the account's profile and avatar, and the installation's performance
 * settings. /demo has no account and hides the tab; its source refuses anyway (decision 0061).
 */
export interface SettingsSource {
  saveProfile(body: UpdateProfileBody): Promise<Profile>;
  /** The original image with the square to keep; the server checks it and makes the 400 × 400 JPEG. */
  uploadAvatar(file: File, crop: { x: number; y: number; size: number }): Promise<Profile>;
  savePerformance(settings: PerformanceSettings): Promise<PerformanceSettings>;
}

export const liveSettingsSource: SettingsSource = {
  async saveProfile(body) {
    const path = apiPath('/profile');
    return (await apiRequest(path, { method: 'PATCH', body, schema: profileResponseSchema })).profile;
  },
  async uploadAvatar(file, crop) {
    const form = new FormData();
    form.append('file', file, file.name);
    const response = await fetch(apiUrl('/profile/avatar', { query: crop }), {
      method: 'PUT',
      body: form,
      credentials: 'same-origin',
    });
    const json = (await response.json().catch(() => null)) as {
      profile?: Profile;
      error?: { code?: string; message?: string };
    } | null;
    if (!response.ok || !json?.profile) {
      throw new ApiRequestError({
        status: response.status,
        code: json?.error?.code ?? 'avatar_failed',
        message: json?.error?.message ?? `Avatar upload failed with status ${response.status}`,
      });
    }
    return profileResponseSchema.parse(json).profile;
  },
  savePerformance(settings) {
    return apiRequest(apiPath('/admin/performance'), {
      method: 'PUT',
      body: settings,
      schema: performanceSettingsSchema,
    });
  },
};

const refuse = async (): Promise<never> => {
  throw new ReadOnlyDataSourceError();
};

export const demoSettingsSource: SettingsSource = {
  saveProfile: refuse,
  uploadAvatar: refuse,
  savePerformance: refuse,
};

const SOURCES: Record<DataSourceMode, SettingsSource> = {
  live: liveSettingsSource,
  demo: demoSettingsSource,
};

export function useSettingsSource(): SettingsSource {
  return SOURCES[useDataSource().mode];
}
