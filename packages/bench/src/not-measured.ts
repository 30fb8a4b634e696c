/** A figure the run could not take, and why: reported as such, never as a number. */
export interface NotMeasured {
  readonly notMeasured: string;
}

export const notMeasured = (reason: string): NotMeasured => ({ notMeasured: reason });

export const isNotMeasured = (figure: object): figure is NotMeasured => 'notMeasured' in figure;
