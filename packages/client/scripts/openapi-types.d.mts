export declare const DOCUMENT_URL: URL;
export declare const GENERATED_URL: URL;
export declare const GENERATE_COMMAND: string;
export declare const generateTypes: () => Promise<string>;
