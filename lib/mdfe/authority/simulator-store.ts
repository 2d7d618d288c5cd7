import { Prisma } from "@prisma/client";
import { db } from "@/lib/db/client";

// Where the MDF-e simulator keeps what it authorized: PostgreSQL in the app (MdfeSimulatorManifest,
// across restarts and processes, as the NF-e simulator's SimulatorDocument), memory in unit tests.

export type SimulatedManifest = {
  environment: string;
  accessKey: string;
  cnpj: string;
  protocol: string;
  authorizedAt: Date;
  situation: "AUTHORIZED" | "CANCELLED" | "CLOSED";
  plate: string;
  tpEmit: string;
  endUf: string;
  drivers: string[];
  /** indCarregaPosterior=1 (rules 708, 710, 712, 715). */
  loadingLater: boolean;
  /** The first cMunCarrega (rule 710 compares the 110115 loadings with it). */
  loadingMunicipalityCode: string;
  /** veicTracao/prop/tpProp, null without prop (rule 723 of 110116). */
  tractionOwnerType: string | null;
  protMDFeXml: string;
  events: { type: string; sequence: number; procEventoXml: string }[];
};

export interface MdfeSimulatorStore {
  find(environment: string, accessKey: string): Promise<SimulatedManifest | null>;
  /** The oldest AUTHORIZED (open) manifest of the issuer's CNPJ base, plate, issuer type and unloading state (rule 611). */
  findOpen(environment: string, cnpjBase: string, plate: string, tpEmit: string, endUf: string): Promise<SimulatedManifest | null>;
  listOpen(environment: string, cnpj: string): Promise<SimulatedManifest[]>;
  /** The oldest open manifest of the CNPJ with indCarregaPosterior=1, authorized before the date and without a 110115 (rule 712). */
  findLoadingLaterWithoutDfe(environment: string, cnpj: string, authorizedBefore: Date): Promise<SimulatedManifest | null>;
  /** false when the key is already stored (a concurrent duplicate). */
  insert(manifest: SimulatedManifest): Promise<boolean>;
  save(manifest: SimulatedManifest): Promise<void>;
}

export class MemoryMdfeSimulatorStore implements MdfeSimulatorStore {
  private readonly rows = new Map<string, SimulatedManifest>();
  async find(environment: string, accessKey: string) {
    return this.rows.get(`${environment}:${accessKey}`) ?? null;
  }
  async findOpen(environment: string, cnpjBase: string, plate: string, tpEmit: string, endUf: string) {
    const open = [...this.rows.values()].filter((m) => m.environment === environment && m.situation === "AUTHORIZED" && m.cnpj.startsWith(cnpjBase) && m.plate === plate && m.tpEmit === tpEmit && m.endUf === endUf);
    return open.sort((a, b) => a.authorizedAt.getTime() - b.authorizedAt.getTime())[0] ?? null;
  }
  async listOpen(environment: string, cnpj: string) {
    return [...this.rows.values()].filter((m) => m.environment === environment && m.cnpj === cnpj && m.situation === "AUTHORIZED");
  }
  async findLoadingLaterWithoutDfe(environment: string, cnpj: string, authorizedBefore: Date) {
    return oldestWithoutDfe([...this.rows.values()].filter((m) => m.environment === environment && m.cnpj === cnpj && m.situation === "AUTHORIZED" && m.loadingLater && m.authorizedAt < authorizedBefore));
  }
  async insert(manifest: SimulatedManifest) {
    const id = `${manifest.environment}:${manifest.accessKey}`;
    if (this.rows.has(id)) return false;
    this.rows.set(id, manifest);
    return true;
  }
  async save(manifest: SimulatedManifest) {
    this.rows.set(`${manifest.environment}:${manifest.accessKey}`, manifest);
  }
}

function oldestWithoutDfe(candidates: SimulatedManifest[]): SimulatedManifest | null {
  const pending = candidates.filter((m) => !m.events.some((e) => e.type === "110115"));
  return pending.sort((a, b) => a.authorizedAt.getTime() - b.authorizedAt.getTime())[0] ?? null;
}

type Row = Prisma.MdfeSimulatorManifestGetPayload<object>;

function fromRow(row: Row): SimulatedManifest {
  return {
    environment: row.environment,
    accessKey: row.accessKey,
    cnpj: row.cnpj,
    protocol: row.protocol,
    authorizedAt: row.authorizedAt,
    situation: row.situation as SimulatedManifest["situation"],
    plate: row.plate,
    tpEmit: row.tpEmit,
    endUf: row.endUf,
    drivers: row.drivers as string[],
    loadingLater: row.loadingLater,
    loadingMunicipalityCode: row.loadingMunicipalityCode,
    tractionOwnerType: row.tractionOwnerType,
    protMDFeXml: row.protMDFeXml,
    events: row.events as SimulatedManifest["events"],
  };
}

export class PrismaMdfeSimulatorStore implements MdfeSimulatorStore {
  async find(environment: string, accessKey: string) {
    const row = await db.mdfeSimulatorManifest.findUnique({ where: { environment_accessKey: { environment, accessKey } } });
    return row ? fromRow(row) : null;
  }
  async findOpen(environment: string, cnpjBase: string, plate: string, tpEmit: string, endUf: string) {
    const row = await db.mdfeSimulatorManifest.findFirst({ where: { environment, cnpj: { startsWith: cnpjBase }, plate, tpEmit, endUf, situation: "AUTHORIZED" }, orderBy: { authorizedAt: "asc" } });
    return row ? fromRow(row) : null;
  }
  async listOpen(environment: string, cnpj: string) {
    return (await db.mdfeSimulatorManifest.findMany({ where: { environment, cnpj, situation: "AUTHORIZED" }, orderBy: { authorizedAt: "asc" } })).map(fromRow);
  }
  async findLoadingLaterWithoutDfe(environment: string, cnpj: string, authorizedBefore: Date) {
    const rows = await db.mdfeSimulatorManifest.findMany({ where: { environment, cnpj, situation: "AUTHORIZED", loadingLater: true, authorizedAt: { lt: authorizedBefore } } });
    return oldestWithoutDfe(rows.map(fromRow));
  }
  async insert(manifest: SimulatedManifest) {
    try {
      await db.mdfeSimulatorManifest.create({ data: manifest });
      return true;
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return false;
      throw error;
    }
  }
  async save(manifest: SimulatedManifest) {
    const { environment, accessKey, ...rest } = manifest;
    await db.mdfeSimulatorManifest.update({ where: { environment_accessKey: { environment, accessKey } }, data: rest });
  }
}
