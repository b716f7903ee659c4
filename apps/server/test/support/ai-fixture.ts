import type { LightMyRequestResponse } from 'fastify';
import { upload } from './multipart';
import { uploadProcessed } from './processed-model';
import { call, type Session, signUp, type TestServer } from './server';

/** A small IDS written for the assistant tests: walls and doors need a fire rating, walls LoadBearing. */
export const FIRE_IDS = `<?xml version="1.0" encoding="utf-8"?>
<ids xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://standards.buildingsmart.org/IDS http://standards.buildingsmart.org/IDS/1.0/ids.xsd" xmlns="http://standards.buildingsmart.org/IDS">
  <info><title>Fire safety</title></info>
  <specifications>
    <specification name="Walls have a fire rating" ifcVersion="IFC2X3 IFC4">
      <applicability maxOccurs="unbounded">
        <entity><name><simpleValue>IFCWALLSTANDARDCASE</simpleValue></name></entity>
      </applicability>
      <requirements>
        <property dataType="IFCLABEL">
          <propertySet><simpleValue>Pset_WallCommon</simpleValue></propertySet>
          <baseName><simpleValue>FireRating</simpleValue></baseName>
        </property>
      </requirements>
    </specification>
    <specification name="Doors have a fire rating" ifcVersion="IFC2X3 IFC4">
      <applicability maxOccurs="unbounded">
        <entity><name><simpleValue>IFCDOOR</simpleValue></name></entity>
      </applicability>
      <requirements>
        <property dataType="IFCLABEL">
          <propertySet><simpleValue>Pset_DoorCommon</simpleValue></propertySet>
          <baseName><simpleValue>FireRating</simpleValue></baseName>
        </property>
      </requirements>
    </specification>
    <specification name="Walls state whether they bear load" ifcVersion="IFC2X3 IFC4">
      <applicability maxOccurs="unbounded">
        <entity><name><simpleValue>IFCWALLSTANDARDCASE</simpleValue></name></entity>
      </applicability>
      <requirements>
        <property dataType="IFCBOOLEAN">
          <propertySet><simpleValue>Pset_WallCommon</simpleValue></propertySet>
          <baseName><simpleValue>LoadBearing</simpleValue></baseName>
        </property>
      </requirements>
    </specification>
  </specifications>
</ids>
`;

export interface AssistantProject {
  owner: Session;
  projectId: string;
  fileId: string;
  versionId: string;
}

/** A project with the fire IDS and one processed model (waits for processing to complete). */
export async function projectWithModel(
  server: TestServer,
  ifc: Buffer,
  description = 'A two-storey family house',
): Promise<AssistantProject> {
  const owner = await signUp(server, 'Ada Analyst');
  const projectId = (
    await call(server, owner, 'POST', '/api/v1/projects', { name: 'Haus', description })
  ).json().project.id;
  const ids = await upload(server, owner, `/api/v1/projects/${projectId}/idsfiles`, 'fire.ids', FIRE_IDS);
  if (ids.statusCode !== 201) throw new Error(`IDS upload failed: ${ids.body}`);
  const { fileId, versionId } = await uploadVersion(server, owner, projectId, ifc);
  return { owner, projectId, fileId, versionId };
}

/** Uploads the house model (a known name becomes a new version) and waits until it is processed. */
export function uploadVersion(server: TestServer, owner: Session, projectId: string, ifc: Buffer) {
  return uploadProcessed(server, owner, projectId, 'Haus.ifc', ifc);
}

export interface ChatEvent {
  type: string;
  content?: string;
  elements?: string[];
  elementsByType?: Record<string, string[]>;
  metadata?: Record<string, unknown>;
}

/** The events of a server-sent event stream (`data: <json>` lines). */
export function sseEvents(body: string): ChatEvent[] {
  return body
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice('data: '.length)) as ChatEvent);
}

/** Asks a question and returns the raw response plus its events and the joined answer text. */
export async function ask(
  server: TestServer,
  session: Session | null,
  project: { projectId: string; fileId: string },
  message: string,
  versionId?: string,
  /** The asking person's language, sent as the web app sends it (Accept-Language); none: the profile's. */
  language?: string,
): Promise<{
  response: LightMyRequestResponse;
  events: ChatEvent[];
  text: string;
  cited: ChatEvent | undefined;
}> {
  const query = versionId ? `?versionId=${versionId}` : '';
  const response = await server.app.inject({
    method: 'POST',
    url: `/api/v1/ai/chat/${project.projectId}/${project.fileId}${query}`,
    headers: {
      'content-type': 'application/json',
      ...(session ? { authorization: `Bearer ${session.token}` } : {}),
      ...(language ? { 'accept-language': language } : {}),
    },
    payload: JSON.stringify({
      message,
      session_id: `${project.projectId}-${project.fileId}-${Date.now()}`,
      context: { timestamp: new Date().toISOString() },
    }),
  });
  const events = response.statusCode === 200 ? sseEvents(response.body) : [];
  const text = events
    .filter((e) => e.type === 'message')
    .map((e) => e.content)
    .join('');
  return { response, events, text, cited: events.find((e) => e.type === 'elements') };
}
