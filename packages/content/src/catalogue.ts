/**
 * The course catalogue: ids, prefixes and the planned title of every day, in the order of
 * content-and-features.md section 9. Lesson files must carry exactly these titles.
 */
export interface CourseDefinition {
  id: string;
  prefix: 'c-cpp' | 'python';
  title: string;
  /** Folder under packages/content/courses. */
  folder: 'c' | 'cpp' | 'python';
  /** Code language of the course's examples. */
  language: 'c' | 'cpp' | 'python';
  firstDay: number;
  titles: readonly string[];
}

const cTitles = [
  'Introduction to C',
  'Setting Up Your Environment: Compile, Run and Read Errors',
  'Variables and Data Types',
  'Input and Output',
  'Operators',
  'Decisions with if-else',
  'The switch Statement',
  'while and do-while Loops',
  'for Loops',
  'Functions',
  'Function Parameters and Return Values',
  'Scope and Lifetime of Variables',
  'Arrays',
  'Two-Dimensional Arrays',
  'Pointers',
  'Pointers and Arrays',
  'Pointer Arithmetic',
  'Functions and Pointers',
  'Strings',
  'String Functions',
  'Structures',
  'Unions and Enumerations',
  'Dynamic Memory Allocation',
  'File Input and Output',
  'Final Project: A Student Records Manager',
] as const;

const cppTitles = [
  'From C to C++',
  'I/O, Namespaces and Strings',
  'Functions in C++: Overloading and Default Arguments',
  'Functions in C++: References and const',
  'Classes and Objects',
  'Constructors and Destructors',
  'Member Functions and the this Pointer',
  'Encapsulation',
  'Inheritance',
  'Polymorphism and Virtual Functions',
  'Polymorphism: Abstract Classes and Interfaces',
  'Operator Overloading',
  'Function Templates',
  'Class Templates',
  'Exception Handling',
  'File Input and Output',
  'The STL: Containers',
  'The STL: Iterators and Algorithms',
  'Smart Pointers',
  'Casting',
  'Lambda Expressions',
  'Concurrency with Threads',
  'Move Semantics',
  'Modern C++ Best Practices',
  'Final Capstone Project',
] as const;

const pythonTitles = [
  'Introduction to Python',
  'Variables, Input and Output',
  'Data Types',
  'Strings',
  'Lists',
  'Tuples, Sets and Dictionaries',
  'Operators',
  'Conditionals',
  'Loops',
  'Practice Day: Days 1 to 9',
  'Functions',
  'Function Arguments',
  'Scope',
  'Lambda and Functional Tools',
  'Recursion',
  'Modules and Packages',
  'Built-in Modules',
  'File Handling',
  'Exception Handling',
  'Mini Project: A File-Based To-Do List',
  'Comprehensions',
  'Nested Data Structures',
  'Dictionaries in Depth',
  'OOP: Classes and Objects',
  'OOP: Attributes and Methods',
  'OOP: Inheritance',
  'OOP: Polymorphism and Special Methods',
  'OOP: Encapsulation and Properties',
  'Iterators',
  'Generators',
  'Decorators',
  'Context Managers',
  'Regular Expressions',
  'The collections Module',
  'Working with JSON',
  'Virtual Environments and pip',
  'Unit Testing',
  'Unit Testing: Organising Tests and Mocks',
  'Debugging',
  'Project: A File Organizer',
  'Tkinter: Your First Window',
  'Tkinter: Widgets',
  'Tkinter: Layout Managers',
  'Tkinter: Events and User Input',
  'Tkinter: A Complete App',
  'GUI with API: Web APIs and JSON',
  'GUI with API: Building the App',
  'GUI with API: Responsive Interfaces and Failures',
  'Capstone: Planning Your Project',
  'Capstone: Building Your Project',
] as const;

export const courses: readonly CourseDefinition[] = [
  { id: 'course_c_01', prefix: 'c-cpp', title: 'C Programming', folder: 'c', language: 'c', firstDay: 1, titles: cTitles },
  { id: 'course_cpp_01', prefix: 'c-cpp', title: 'C++ Programming', folder: 'cpp', language: 'cpp', firstDay: 26, titles: cppTitles },
  {
    id: 'course_python_01',
    prefix: 'python',
    title: 'Python Programming',
    folder: 'python',
    language: 'python',
    firstDay: 1,
    titles: pythonTitles,
  },
];

export function lastDay(course: CourseDefinition): number {
  return course.firstDay + course.titles.length - 1;
}

export function plannedTitle(course: CourseDefinition, day: number): string | undefined {
  return course.titles[day - course.firstDay];
}

/** Lecture ids are derived, never written by hand: `{prefix}-day-{day}`. */
export function lectureId(prefix: string, day: number): string {
  return `${prefix}-day-${day}`;
}

/** Assignment ids: `{prefix}-asg-{day}`. */
export function assignmentId(prefix: string, day: number): string {
  return `${prefix}-asg-${day}`;
}
