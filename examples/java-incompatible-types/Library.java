// A small library catalogue: books, members, loans with due dates and a
// report of overdue loans. One loan period is given as text where days
// are counted: javac reports "incompatible types: String cannot be
// converted to int".

import java.util.ArrayList;
import java.util.List;

class Book {
    final String title;
    final String author;
    final int year;

    Book(String title, String author, int year) {
        this.title = title;
        this.author = author;
        this.year = year;
    }
}

class Loan {
    final Book book;
    final String member;
    final int startDay;
    final int days;

    Loan(Book book, String member, int startDay, int days) {
        this.book = book;
        this.member = member;
        this.startDay = startDay;
        this.days = days;
    }

    boolean overdue(int today) {
        return today > startDay + days;
    }
}

class Library {
    private final List<Loan> loans = new ArrayList<>();
    private static final int STANDARD_DAYS = 21;

    void lend(Book book, String member, int today) {
        loans.add(new Loan(book, member, today, STANDARD_DAYS));
    }

    void lendShort(Book book, String member, int today) {
        int days = "7";
        loans.add(new Loan(book, member, today, days));
    }

    List<String> overdue(int today) {
        List<String> out = new ArrayList<>();
        for (Loan loan : loans) {
            if (loan.overdue(today)) {
                out.add(loan.member + ": " + loan.book.title);
            }
        }
        return out;
    }

    public static void main(String[] args) {
        Library library = new Library();
        Book dune = new Book("Dune", "Herbert", 1965);
        Book emma = new Book("Emma", "Austen", 1815);
        library.lend(dune, "ann", 1);
        library.lendShort(emma, "bob", 3);
        System.out.println(library.overdue(30));
    }
}
