import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';

/** Password of every demo account (issue 2 §4). */
export const DEMO_PASSWORD = 'Demostracion2026';

export interface DemoAccount {
  email: string;
  description: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'estudiante@demo.es', description: 'Estudiante con el perfil completo' },
  { email: 'estudiante.nuevo@demo.es', description: 'Estudiante sin provincia ni teléfono' },
  { email: 'profesor@demo.es', description: 'Profesor' },
  { email: 'coordinador@demo.es', description: 'Coordinador con organización' },
  { email: 'coordinador.nuevo@demo.es', description: 'Coordinador sin organización' },
  { email: 'admin@demo.es', description: 'Administrador' },
];

/** Fills an empty database with demo data; answers whether it did. */
export async function seedDemoDataIfEmpty(_db: Database, _log: FastifyBaseLogger): Promise<boolean> {
  return false;
}
