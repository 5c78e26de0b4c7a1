-- OpenID 2.0 response nonces we have accepted, so a replayed assertion is refused (OpenID 2.0 §11.3).
-- A nonce is unique per provider endpoint. Rows older than the freshness window are pruned on sign-in:
-- such a nonce is refused as stale anyway, so forgetting it reopens nothing.
CREATE TABLE openid_nonces (
  op_endpoint  TEXT NOT NULL,
  nonce        TEXT NOT NULL,
  issued_at    TIMESTAMPTZ NOT NULL,
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (op_endpoint, nonce)
);
CREATE INDEX openid_nonces_issued ON openid_nonces (issued_at);
