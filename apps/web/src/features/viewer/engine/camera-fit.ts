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

/** A framed selection keeps at least this much of the model around it, as a share of the model's size. */
export const CONTEXT_SHARE = 0.2;
/** …and never less than this many metres across (a room's width): a door then shows its wall. */
export const CONTEXT_MIN_METRES = 6;
/** The selection takes at most this share of the framed span, the rest is its surroundings. */
export const SELECTION_SHARE = 0.6;

/**
 * The box to frame for a selection so it is seen in its place: the selection's box grown about its
 * centre to at least a share of the model's size (and a room's width), and padded so the selection
 * never fills the view. Never larger than needed to show the whole model with the same padding.
 */
export function contextBox(selection: THREE.Box3, model: THREE.Box3): THREE.Box3 {
  if (selection.isEmpty()) return selection.clone();
  const centre = selection.getCenter(new THREE.Vector3());
  const size = selection.getSize(new THREE.Vector3());
  const modelSpan = model.isEmpty() ? 0 : model.getSize(new THREE.Vector3()).length();
  const least = Math.min(
    Math.max(CONTEXT_MIN_METRES, modelSpan * CONTEXT_SHARE),
    Math.max(modelSpan, size.length()),
  );
  const padded = size.clone().divideScalar(SELECTION_SHARE);
  const half = new THREE.Vector3(
    Math.max(padded.x, least) / 2,
    Math.max(padded.y, least) / 2,
    Math.max(padded.z, least) / 2,
  );
  return new THREE.Box3(centre.clone().sub(half), centre.clone().add(half));
}
