export declare const ENV_FILE_WARNING: string;
/** Whether a line of `react-router build`'s output is shown (colours ignored): all but React Router's envFile warning. */
export declare function keepBuildLine(line: string): boolean;
