import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { fitDistance } from './camera-fit';

/** Whether every corner of the box projects inside the camera's view (normalised device coords). */
function allCornersInView(box: THREE.Box3, camera: THREE.PerspectiveCamera): boolean {
  camera.updateMatrixWorld();
  camera.updateProjectionMatrix();
  for (const x of [box.min.x, box.max.x])
    for (const y of [box.min.y, box.max.y])
      for (const z of [box.min.z, box.max.z]) {
        const p = new THREE.Vector3(x, y, z).project(camera);
        if (Math.abs(p.x) > 1 || Math.abs(p.y) > 1) return false;
      }
  return true;
}

function cameraAt(box: THREE.Box3, direction: THREE.Vector3, aspect: number, scale = 1) {
  const centre = box.getCenter(new THREE.Vector3());
  const camera = new THREE.PerspectiveCamera(50, aspect, 0.1, 10_000);
  const distance = fitDistance(box, centre, direction, 50, aspect, 1) * scale;
  camera.position.copy(centre).addScaledVector(direction, distance);
  camera.lookAt(centre);
  return { camera, distance };
}

describe('fitDistance', () => {
  const direction = new THREE.Vector3(1, 0.8, 1).normalize();
  // A long, low office block: 90 × 16 × 40 m.
  const block = new THREE.Box3(new THREE.Vector3(-45, 0, -20), new THREE.Vector3(45, 16, 20));

  it('brings every corner into view, at wide and narrow aspects', () => {
    for (const aspect of [16 / 9, 1, 0.6]) {
      const { camera } = cameraAt(block, direction, aspect);
      expect(allCornersInView(block, camera), `aspect ${aspect}`).toBe(true);
    }
  });

  it('stands no further back than it must: 10 % closer, a corner leaves the view', () => {
    const { camera } = cameraAt(block, direction, 16 / 9, 0.9);
    expect(allCornersInView(block, camera)).toBe(false);
  });

  it('is nearer than the bounding sphere fit for a long building', () => {
    const { distance } = cameraAt(block, direction, 16 / 9);
    const radius = block.getSize(new THREE.Vector3()).length() / 2;
    const sphereFit = radius / Math.sin(THREE.MathUtils.degToRad(25));
    expect(distance).toBeLessThan(sphereFit);
  });
});
