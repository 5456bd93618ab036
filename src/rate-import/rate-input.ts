/** One file's text to import, with the name it is reported under (and detected by). */
export interface RateInput {
  /** The file name ("TAXRATES_ZIP5_CA202603.csv"); the Avalara vintage is read from it. */
  readonly fileName: string;
  readonly text: string;
}
