import * as THREE from 'three';

/**
 * How far from the box's centre, along `direction`, a camera must stand for all eight corners of the
 * box to be in view (with a 6 % margin). A long, low building then fills the view; the bounding
 * sphere's fit would leave it small in the middle.
 */
export function fitDistance(
  box: THREE.Box3,
  centre: THREE.Vector3,
  direction: THREE.Vector3,
  fovDegrees: number,
  aspect: number,
  fallback: number,
): number {
  const forward = direction.clone().negate().normalize();
  const worldUp = Math.abs(forward.y) > 0.999 ? new THREE.Vector3(0, 0, -1) : new THREE.Vector3(0, 1, 0);
  const right = new THREE.Vector3().crossVectors(forward, worldUp).normalize();
  const up = new THREE.Vector3().crossVectors(right, forward).normalize();
  const tanV = Math.tan(THREE.MathUtils.degToRad(fovDegrees / 2));
  const tanH = tanV * Math.max(aspect, 0.1);
  let distance = 0;
  for (const x of [box.min.x, box.max.x])
    for (const y of [box.min.y, box.max.y])
      for (const z of [box.min.z, box.max.z]) {
        const corner = new THREE.Vector3(x, y, z).sub(centre);
        // The corner is `depth` nearer the camera than the centre is; it must fit at that distance.
        const depth = -corner.dot(forward);
        distance = Math.max(
          distance,
          Math.abs(corner.dot(right)) / tanH + depth,
          Math.abs(corner.dot(up)) / tanV + depth,
        );
      }
  return distance > 0 ? distance * 1.06 : fallback / tanV;
}
