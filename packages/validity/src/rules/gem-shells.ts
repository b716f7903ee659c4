/** GEM001: in a closed shell or a closed face set every edge is used by exactly two faces, once each way. */
import type { Rule } from '../rule';
import type { View } from '../view';
import { coordinates, numberLists, numbers, type Point } from './geometry';

/** Edges as coordinate pairs (a vertex is its coordinates, as the rule compares them). */
type Edges = [Point, Point][];

const pointKey = (p: Point) => p.join(',');

/** Edges of the face bounds of a connected face set, each bound once, in the sense its face uses it. */
function shellEdges(view: View, shell: number): Edges {
  const bounds = new Set<number>();
  for (const face of view.refs(shell, 'CfsFaces')) for (const b of view.refs(face, 'Bounds')) bounds.add(b);
  const edges: Edges = [];
  for (const bound of bounds) {
    if (!view.is(bound, 'IfcFaceBound')) continue;
    const loop = view.ref(bound, 'Bound');
    if (loop === null) continue;
    const sameSense = view.enumValue(bound, 'Orientation') !== 'F';
    if (view.is(loop, 'IfcPolyLoop')) {
      const points = view.refs(loop, 'Polygon').map((p) => coordinates(view, p));
      if (!sameSense) points.reverse();
      for (let i = 0; i < points.length; i++) edges.push([points[i]!, points[(i + 1) % points.length]!]);
    } else if (view.is(loop, 'IfcEdgeLoop')) {
      for (const oriented of view.refs(loop, 'EdgeList')) {
        const edge = view.ref(oriented, 'EdgeElement');
        if (edge === null) continue;
        const vertex = (name: string) => {
          const v = view.ref(edge, name);
          const geometry = v === null ? null : view.ref(v, 'VertexGeometry');
          return geometry === null ? [] : coordinates(view, geometry);
        };
        let pair: [Point, Point] = [vertex('EdgeStart'), vertex('EdgeEnd')];
        if (view.enumValue(oriented, 'Orientation') === 'F') pair = [pair[1], pair[0]];
        if (!sameSense) pair = [pair[1], pair[0]];
        edges.push(pair);
      }
    }
  }
  return edges;
}

/** Edges of a triangulated or polygonal face set, from its coordinate indices. */
function faceSetEdges(view: View, set: number): Edges {
  const list = view.ref(set, 'Coordinates');
  const coords = list === null ? [] : numberLists(view.attr(list, 'CoordList'));
  const at = (i: number) => coords[i - 1] ?? [];
  const edges: Edges = [];
  const loop = (indices: readonly number[]) => {
    for (let i = 0; i < indices.length; i++)
      edges.push([at(indices[i]!), at(indices[(i + 1) % indices.length]!)]);
  };
  if (view.is(set, 'IfcTriangulatedFaceSet')) {
    for (const triangle of numberLists(view.attr(set, 'CoordIndex'))) loop(triangle.slice(0, 3));
  } else {
    for (const face of view.refs(set, 'Faces')) {
      loop(numbers(view.attr(face, 'CoordIndex')));
      if (view.is(face, 'IfcIndexedPolygonalFaceWithVoids')) {
        for (const inner of numberLists(view.attr(face, 'InnerCoordIndices'))) loop(inner);
      }
    }
  }
  return edges;
}

/** Edges used other than exactly twice (either way) or other than once (each way). */
function badEdges(edges: Edges): { unoriented: number; oriented: number } {
  const unoriented = new Map<string, number>();
  const oriented = new Map<string, number>();
  for (const [a, b] of edges) {
    const ka = pointKey(a);
    const kb = pointKey(b);
    const key = ka === kb ? ka : ka < kb ? `${ka}|${kb}` : `${kb}|${ka}`;
    unoriented.set(key, (unoriented.get(key) ?? 0) + 1);
    const directed = `${ka}>${kb}`;
    oriented.set(directed, (oriented.get(directed) ?? 0) + 1);
  }
  let u = 0;
  let o = 0;
  for (const n of unoriented.values()) if (n !== 2) u++;
  for (const n of oriented.values()) if (n !== 1) o++;
  return { unoriented: u, oriented: o };
}

export const GEM001: Rule = {
  id: 'GEM001',
  severity: 'error',
  check(view, out) {
    const inBrep = new Set<number>();
    for (const brep of view.ofType('IfcFacetedBrep')) {
      for (const ref of view.model.referencesOf(brep)) inBrep.add(ref);
    }
    const check = (id: number, edges: Edges) => {
      out.activate();
      const { unoriented, oriented } = badEdges(edges);
      if (unoriented > 0) out.add(id, 'validity.GEM001.edgeUse', { edges: unoriented });
      if (oriented > 0) out.add(id, 'validity.GEM001.orientedEdgeUse', { edges: oriented });
    };
    for (const shell of view.ofType('IfcClosedShell')) {
      if (inBrep.has(shell)) check(shell, shellEdges(view, shell));
    }
    for (const entity of ['IfcTriangulatedFaceSet', 'IfcPolygonalFaceSet']) {
      for (const set of view.ofType(entity)) {
        if (view.enumValue(set, 'Closed') === 'T') check(set, faceSetEdges(view, set));
      }
    }
  },
};
