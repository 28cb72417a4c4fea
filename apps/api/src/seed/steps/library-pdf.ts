import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { PdfOnlyWords } from '../fixtures/library';

/**
 * The PDF of a demo work (ADR 0039), drawn with pdf-lib at seed time: a cover, the abstract with
 * the table of contents, then the chapters. Its text names the place, method and finding of
 * `pdfOnly`, which the title and summary never say, so a search can find the work by the
 * document alone. Helvetica (a standard font, not embedded) writes every Spanish letter.
 */

export interface WorkPdfInput {
  title: string;
  summary: string;
  chapters: string[];
  tags: string[];
  author: string;
  degree: string;
  university: string;
  master: boolean;
  /** MM/yyyy. */
  releaseMonth: string;
  english: boolean;
  pdfOnly: PdfOnlyWords;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 72;
const TEXT_WIDTH = A4.width - 2 * MARGIN;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.35, 0.35, 0.4);

const MONTHS_ES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];
const MONTHS_EN = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Lines of at most `width` points, broken between words. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Writes top to bottom, starting a new page when the current one is full. */
class Writer {
  private page!: PDFPage;
  private y = 0;

  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {}

  newPage(): void {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }

  text(
    text: string,
    options: { size?: number; bold?: boolean; gap?: number; color?: typeof INK } = {},
  ): void {
    const size = options.size ?? 11;
    const font = options.bold ? this.bold : this.regular;
    const leading = size * 1.45;
    for (const line of wrap(text, font, size, TEXT_WIDTH)) {
      if (this.y - leading < MARGIN) this.newPage();
      this.y -= leading;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color: options.color ?? INK });
    }
    this.y -= options.gap ?? size * 0.8;
  }

  skip(points: number): void {
    this.y -= points;
  }
}

function chapterTexts(input: WorkPdfInput): string[][] {
  const { place, method, finding } = input.pdfOnly;
  if (input.english) {
    return [
      [
        'This work grew out of a need voiced by the organisations the author worked with during an internship. It sets out the problem, why it matters to the people affected, and what a final degree project can contribute to it.',
        input.summary,
      ],
      [
        'The review covers academic studies and reports by public bodies and third-sector organisations published in the last fifteen years, in Spanish and English, and identifies the gaps that this work addresses.',
      ],
      [
        'The main aim is to describe the situation accurately and to propose realistic improvements. The specific aims are to gather evidence from the people involved, to analyse it systematically and to discuss the results with the partner organisation.',
      ],
      [
        `Field work took place in ${place} over several months, with the help of residents, professionals and volunteers. The analysis relied on ${method}, chosen for the size of the sample and the research questions.`,
        'Every participant gave informed consent; personal data were pseudonymised and stored securely.',
      ],
      [
        `The results confirm most of the starting hypotheses. One unexpected element, ${finding}, came up again and again in interviews and field notes and opened a line of analysis of its own.`,
      ],
      [
        `The conclusions were presented to the partner organisation in ${place}, which has adopted several of the proposals. Limitations include the size of the sample and the duration of the study; future work could extend it to other settings.`,
      ],
      [
        'United Nations (2015). Transforming our world: the 2030 Agenda for Sustainable Development.',
        'Creswell, J. W. and Creswell, J. D. (2018). Research design. SAGE.',
      ],
    ];
  }
  return [
    [
      'Este trabajo nace de una necesidad detectada por las entidades con las que la autoría colaboró durante sus prácticas. Se presenta el problema, por qué importa a las personas afectadas y qué puede aportar un trabajo final de titulación.',
      input.summary,
    ],
    [
      'La revisión recoge estudios académicos e informes de administraciones públicas y entidades del tercer sector publicados en los últimos quince años, en español y en inglés, e identifica las lagunas que este trabajo aborda.',
    ],
    [
      'El objetivo general es describir la situación con rigor y proponer mejoras realistas. Los objetivos específicos son reunir evidencias de las personas implicadas, analizarlas de forma sistemática y contrastar los resultados con la entidad colaboradora.',
    ],
    [
      `El trabajo de campo se llevó a cabo en ${place} durante varios meses, con la colaboración de vecinas y vecinos, profesionales y voluntariado. Para el análisis se empleó ${method}, adecuado al tamaño de la muestra y a las preguntas de investigación.`,
      'Todas las personas participantes dieron su consentimiento informado; los datos personales se seudonimizaron y se guardaron de forma segura.',
    ],
    [
      `Los resultados confirman buena parte de las hipótesis de partida. Un elemento que nadie esperaba, ${finding}, apareció una y otra vez en las entrevistas y en las notas de campo, y abrió una línea de análisis propia.`,
    ],
    [
      `Las conclusiones se presentaron a la entidad colaboradora de ${place}, que ha incorporado varias de las propuestas. Entre las limitaciones están el tamaño de la muestra y la duración del estudio; trabajos futuros podrían extenderlo a otros contextos.`,
    ],
    [
      'Naciones Unidas (2015). Transformar nuestro mundo: la Agenda 2030 para el Desarrollo Sostenible.',
      'Creswell, J. W. y Creswell, J. D. (2018). Research design. SAGE.',
    ],
  ];
}

/** The bytes of the work's PDF: the same input gives the same document. */
export async function renderWorkPdf(input: WorkPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fixed = new Date(Date.UTC(2024, 0, 1));
  doc.setTitle(input.title);
  doc.setAuthor(input.author);
  doc.setLanguage(input.english ? 'en' : 'es');
  doc.setCreationDate(fixed);
  doc.setModificationDate(fixed);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const writer = new Writer(doc, regular, bold);
  const [month, year] = input.releaseMonth.split('/');
  const monthName = (input.english ? MONTHS_EN : MONTHS_ES)[Number(month) - 1] ?? '';
  const en = input.english;

  // Cover.
  writer.newPage();
  writer.text(input.university, { size: 14, bold: true });
  writer.text(input.degree, { size: 12, color: MUTED, gap: 120 });
  writer.text(
    en
      ? input.master
        ? "Master's thesis"
        : 'Final degree project'
      : input.master
        ? 'Trabajo Fin de Máster'
        : 'Trabajo Fin de Grado',
    { size: 12, color: MUTED },
  );
  writer.text(input.title, { size: 22, bold: true, gap: 60 });
  writer.text(`${en ? 'Author' : 'Autoría'}: ${input.author}`, { size: 12 });
  writer.text(en ? `${monthName} ${year}` : `${monthName} de ${year}`, { size: 12 });

  // Abstract and contents.
  writer.newPage();
  writer.text(en ? 'Abstract' : 'Resumen', { size: 16, bold: true });
  writer.text(input.summary);
  writer.text(`${en ? 'Keywords' : 'Palabras clave'}: ${input.tags.join(', ')}.`, {
    color: MUTED,
    gap: 30,
  });
  writer.text(en ? 'Contents' : 'Índice', { size: 16, bold: true });
  for (const chapter of input.chapters) writer.text(chapter, { gap: 2 });

  // Chapters, two to a page.
  const texts = chapterTexts(input);
  input.chapters.forEach((chapter, index) => {
    if (index % 2 === 0) writer.newPage();
    else writer.skip(20);
    writer.text(chapter, { size: 15, bold: true });
    for (const paragraph of texts[index] ?? []) writer.text(paragraph);
  });

  return doc.save();
}
