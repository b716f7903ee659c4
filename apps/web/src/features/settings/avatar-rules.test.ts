import { AVATAR_MESSAGES } from '@plumbline/contracts';
import { describe, expect, it } from 'vitest';
import { avatarFileProblem, avatarSizeProblem, cropSquare } from './avatar-rules';

describe('avatar rules (spec 2 §5)', () => {
  it('takes JPEG and PNG up to 5 MB only', () => {
    expect(avatarFileProblem({ name: 'me.jpg', type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(avatarFileProblem({ name: 'me.PNG', type: '', size: 1000 })).toBeNull();
    expect(avatarFileProblem({ name: 'me.gif', type: 'image/gif', size: 1000 })).toBe(AVATAR_MESSAGES.type);
    expect(avatarFileProblem({ name: 'me.png', type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe(
      AVATAR_MESSAGES.tooLarge,
    );
  });

  it('takes 100 to 2048 pixels a side', () => {
    expect(avatarSizeProblem(100, 2048)).toBeNull();
    expect(avatarSizeProblem(99, 500)).toBe(AVATAR_MESSAGES.tooSmall);
    expect(avatarSizeProblem(500, 2049)).toBe(AVATAR_MESSAGES.tooBig);
  });

  it('keeps a square inside the image, never under 50 px', () => {
    expect(cropSquare(300, 200, 1, 0.5, 0.5)).toEqual({ x: 50, y: 0, size: 200 });
    expect(cropSquare(300, 200, 2, 0, 0)).toEqual({ x: 0, y: 0, size: 100 });
    expect(cropSquare(300, 200, 2, 1, 1)).toEqual({ x: 200, y: 100, size: 100 });
    expect(cropSquare(120, 120, 10, 0.5, 0.5).size).toBe(50);
  });
});
