import { type Profile, profileResponseSchema, type UpdateProfileBody } from '@plumbline/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from '@/lib/api';
import { apiUrl } from '@/lib/api/paths';

export const profileQueryKey = ['profile'] as const;

export function useProfile(enabled: boolean) {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: async ({ signal }) =>
      (await apiRequest('/profile', { schema: profileResponseSchema, signal })).profile,
    enabled,
  });
}

export async function saveProfile(body: UpdateProfileBody): Promise<Profile> {
  return (await apiRequest('/profile', { method: 'PATCH', body, schema: profileResponseSchema })).profile;
}

/** Sends the original image with the square to keep; the server checks it and makes the 400 × 400 JPEG. */
export async function uploadAvatar(
  file: File,
  crop: { x: number; y: number; size: number },
): Promise<Profile> {
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
}
