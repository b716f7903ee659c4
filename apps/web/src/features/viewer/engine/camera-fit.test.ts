import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { contextBox, fitDistance, SELECTION_SHARE } from './camera-fit';

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

describe('contextBox', () => {
  const direction = new THREE.Vector3(1, 0.8, 1).normalize();
  const house = new THREE.Box3(new THREE.Vector3(-6, 0, -5), new THREE.Vector3(6, 7, 5));
  // A door of the house: 1 m wide, 2.1 m high, 0.2 m deep.
  const door = new THREE.Box3(new THREE.Vector3(2, 0, 4.8), new THREE.Vector3(3, 2.1, 5));

  /** The share of the view's height the door takes, framed from `direction` (projected corners). */
  function doorShare(framed: THREE.Box3): number {
    const { camera } = cameraAt(framed, direction, 16 / 9);
    camera.updateMatrixWorld();
    let top = -Infinity;
    let bottom = Infinity;
    for (const x of [door.min.x, door.max.x])
      for (const y of [door.min.y, door.max.y])
        for (const z of [door.min.z, door.max.z]) {
          const p = new THREE.Vector3(x, y, z).project(camera);
          top = Math.max(top, p.y);
          bottom = Math.min(bottom, p.y);
        }
    return (top - bottom) / 2;
  }

  it('keeps a single door from filling the view: it takes well under half of it, in view', () => {
    expect(doorShare(door)).toBeGreaterThan(0.8);
    const framed = contextBox(door, house);
    expect(doorShare(framed)).toBeLessThan(0.45);
    expect(allCornersInView(door, cameraAt(framed, direction, 16 / 9).camera)).toBe(true);
    expect(
      framed.getCenter(new THREE.Vector3()).distanceTo(door.getCenter(new THREE.Vector3())),
    ).toBeLessThan(1e-9);
  });

  it('leaves a selection larger than the context alone but for the padding', () => {
    const framed = contextBox(house, house);
    const size = framed.getSize(new THREE.Vector3());
    expect(size.x).toBeCloseTo(12 / SELECTION_SHARE);
    expect(framed.containsBox(house)).toBe(true);
  });
});
