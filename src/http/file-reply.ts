// Replies that carry a rendered file (labels, "High in" symbols, downloads, embeds): the headers are
// chosen here, in the http layer; the services hand over bytes, a format and a name.
import type { FastifyReply } from 'fastify';
import { CONTENT_TYPES, fileNameOf, type LabelFileFormat } from '../services/labels/index.js';

/** `what` names the drawing: "label", or "front-of-pack" for the nutrition symbol. */
export function sendFile(reply: FastifyReply, format: LabelFileFormat, bytes: Buffer, name: string, what = 'label'): FastifyReply {
  return (
    reply
      .header('Content-Type', CONTENT_TYPES[format])
      // fileNameOf keeps to ASCII letters, digits and dashes, so the name needs no quoting tricks.
      .header('Content-Disposition', `inline; filename="${fileNameOf(name, format, what)}"`)
      .header('X-Content-Type-Options', 'nosniff')
      .send(bytes)
  );
}

/** docs/api.md#incomplete-band: every label response (data, files, embeds, downloads) says whether the label is complete. */
export function withLabelComplete(reply: FastifyReply, complete: boolean | null | undefined): FastifyReply {
  if (typeof complete === 'boolean') reply.header('X-Label-Complete', complete ? 'true' : 'false');
  return reply;
}
