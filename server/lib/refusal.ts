// A request refused on purpose, by the editor or the enquiry service: the HTTP status and
// the sentence the client reads. Anything else thrown is a fault (500, logged).
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }

  /** The name Fastify (the enquiry service) reads an error's status by. */
  get statusCode(): number {
    return this.status;
  }
}
