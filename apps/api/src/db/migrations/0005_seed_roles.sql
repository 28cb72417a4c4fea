-- The users-permissions roles every installation needs (registration and role checks look them up
-- by type). Idempotent: installations that already have them keep their names.
INSERT INTO "up_roles" ("name", "description", "type") VALUES
  ('Autenticado', 'Cuenta sin perfil elegido todavía', 'authenticated'),
  ('Estudiante', 'Estudiantes universitarios', 'student'),
  ('Profesor', 'Profesorado universitario', 'teacher'),
  ('Coordinador', 'Contacto de una organización', 'coordinator'),
  ('Administrador', 'Administración de la plataforma', 'admin')
ON CONFLICT ("type") DO NOTHING;
